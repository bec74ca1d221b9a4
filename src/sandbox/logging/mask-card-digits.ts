import { isLuhnValid } from '../../core/luhn';

/**
 * A UUID is kept whole (trace and event ids are UUIDs, and one can look like a digit run); any
 * other run of 13 or more digits, single spaces, dots, dashes, pluses or `%20` between them
 * allowed, is what a card number can look like, in a path or in an error message.
 */
const CARD_LIKE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d(?:(?:[ .+-]|%20)?\d){12,}/gi;
const UUID = /^[0-9a-f]{8}-/i;

/** Masks every digit run of a log line that could be a card number with `[digits]`. */
export const maskCardDigits = (text: string): string =>
  text.replace(CARD_LIKE, (run) => (UUID.test(run) && run.length === 36 ? run : '[digits]'));

/**
 * Masks only the digit runs that are a card number: 13 to 19 digits passing the Luhn check. For a
 * merchant's own reference (`reference_id`), where an order number like `cobranca-1795878563495`
 * is the common case and must stay searchable; a card number pasted there is still masked.
 */
export const maskCardNumbers = (text: string): string =>
  text.replace(CARD_LIKE, (run) => {
    const digits = run.replace(/\D/g, '');
    return !(UUID.test(run) && run.length === 36) && digits.length >= 13 && digits.length <= 19 && isLuhnValid(digits)
      ? '[digits]'
      : run;
  });

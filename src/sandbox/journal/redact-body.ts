import { maskCardDigits, maskCardNumbers } from '../logging/mask-card-digits';

/** The most of one body the request log keeps, in characters; the rest is cut and said to be. */
const MAX_BODY_CHARS = 16_384;

/**
 * Keys whose value is card data whatever it looks like: a security code is 3 or 4 digits, which
 * no digit-run mask can tell from an amount; a card number is masked by key as well as by look.
 */
const CARD_KEYS: ReadonlySet<string> = new Set(['security_code', 'cvv', 'number']);

/**
 * Keys whose value is the merchant's own reference, which the API answers back as it was sent:
 * a digit run there is an order number unless it is a card number (maskCardNumbers), so the
 * console shows and finds `cobranca-1795878563495` as it is.
 */
const REFERENCE_KEYS: ReadonlySet<string> = new Set(['reference_id']);

const redactValue = (key: string, value: unknown, parent: string): unknown => {
  if (CARD_KEYS.has(key) && (key !== 'number' || parent === 'card')) return '[redacted]';
  if (REFERENCE_KEYS.has(key) && typeof value === 'string') return maskCardNumbers(value);
  if (typeof value === 'string') return maskCardDigits(value);
  if (Array.isArray(value)) return value.map((v) => redactValue('', v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(k, v, key)]));
  return value;
};

/**
 * A body as the request log keeps it (docs/console.md#request-log): JSON with every card number
 * and security code replaced by `[redacted]` and every card-like digit run masked as the log lines
 * mask it (`[digits]`); any other text masked the same way and its `security_code=…` pairs
 * redacted; cut at {@link MAX_BODY_CHARS}.
 */
export function redactBody(text: string): string {
  let shown: string;
  try {
    shown = JSON.stringify(redactValue('', JSON.parse(text), ''));
  } catch {
    shown = maskCardDigits(text).replace(/(security_code|cvv)=[^&\s]*/gi, '$1=[redacted]');
  }
  return shown.length > MAX_BODY_CHARS ? `${shown.slice(0, MAX_BODY_CHARS)}… [cut]` : shown;
}

/** Largest amount the API takes, in cents: R$ 9.999.999,99. */
export const MAX_AMOUNT_CENTS = 999_999_999;

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Formats cents as Brazilian reais, as a payer reads them: `R$ 1.234,56`. Intl puts a no-break
 * space after `R$`; messages and boleto files have always had a plain one.
 */
export function formatBrl(cents: number): string {
  return BRL.format(cents / 100).replace(/\u00a0/g, ' ');
}

/**
 * Reads an amount in cents: an integer, or a string of digits such as `"value": "1000"`, which
 * real integrations send (docs/rules.md#formats). Anything else, decimals included, is undefined: `10.5` is not a
 * number of cents, and guessing would charge the wrong amount.
 */
export function toCents(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
}

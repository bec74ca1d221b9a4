// Types of shopper-rules.mjs, for TypeScript callers (the unit tests).

/** A field to fix and the reason the shopper reads. */
export interface ShopperProblem {
  field: string;
  message: string;
}

/** Every field the order needs besides the card, in form order. */
export const SHOPPER_FIELDS: readonly string[];
/** A CPF or CNPJ without its punctuation, letters upper-cased (the API's own normalisation). */
export function normaliseTaxId(text: string): string;
/** Only the digits of a value. */
export function onlyDigits(value: unknown): string;
/** CPF 000.000.000-00 or CNPJ 00.000.000/0000-00 (letters too); anything else as typed. */
export function formatTaxId(value: unknown): string;
/** A phone with its area code: (11) 99999-8888 or (11) 3333-4444; anything else as typed. */
export function formatPhone(value: unknown): string;
/** A product name with a no-break space between a quantity and its unit ("500 g"). */
export function unbrokenUnits(name: string): string;
/** CEP 00000-000; anything else as typed. */
export function formatCep(value: unknown): string;
/** What is wrong with the shopper's data, in form order; empty when nothing is. */
export function shopperProblems(input: {
  customer?: Record<string, unknown>;
  address?: Record<string, unknown>;
}): ShopperProblem[];

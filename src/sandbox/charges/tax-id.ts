/**
 * Brazilian taxpayer ids: CPF (people, 11 digits) and CNPJ (companies, 14 digits), each with
 * two mod-11 check digits. Checking them catches typos before a boleto or charge carries them.
 */
export type TaxIdKind = 'CPF' | 'CNPJ';

const checkDigit = (digits: string, weights: readonly number[]): number => {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

const CPF_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Strips the usual punctuation (`123.456.789-09`, `12.345.678/0001-95`). */
export const taxIdDigits = (text: string): string => text.replace(/[.\-/\s]/g, '');

/** The kind of a valid CPF or CNPJ (digits only), or undefined when it is neither. */
export function taxIdKind(digits: string): TaxIdKind | undefined {
  // Repeated digits pass the arithmetic but are not issued.
  if (!/^\d+$/.test(digits) || /^(\d)\1*$/.test(digits)) return undefined;
  if (digits.length === 11) {
    return checkDigit(digits, CPF_1) === Number(digits[9]) && checkDigit(digits, CPF_2) === Number(digits[10]) ? 'CPF' : undefined;
  }
  if (digits.length === 14) {
    return checkDigit(digits, CNPJ_1) === Number(digits[12]) && checkDigit(digits, CNPJ_2) === Number(digits[13]) ? 'CNPJ' : undefined;
  }
  return undefined;
}

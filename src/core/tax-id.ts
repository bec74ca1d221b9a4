/**
 * Brazilian taxpayer ids: CPF (people, 11 digits) and CNPJ (companies, 14 characters), each with
 * two mod-11 check digits. Since July 2026 a CNPJ may be alphanumeric (IN RFB 2.229/2024): 12
 * characters 0-9 or A-Z, then 2 numeric check digits, each character valued as its character code
 * minus 48 (so '0'-'9' are 0-9 and 'A' is 17), with the numeric CNPJ's weights. A numeric CNPJ is
 * the special case with digits only. Checking them catches typos before a payment carries them.
 */
export type TaxIdKind = 'CPF' | 'CNPJ';

const checkDigit = (value: string, weights: readonly number[]): number => {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (value.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

const CPF_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The tax id without its usual punctuation (`123.456.789-09`, `12.345.678/0001-95`,
 * `12.ABC.345/01DE-35`), letters upper-cased.
 */
export const normaliseTaxId = (text: string): string => text.replace(/[.\-/\s]/g, '').toUpperCase();

/** The kind of a valid, normalised CPF or CNPJ (numeric or alphanumeric), or undefined when it is neither. */
export function taxIdKind(id: string): TaxIdKind | undefined {
  // Repeated digits pass the arithmetic but are not issued.
  if (/^(\d)\1*$/.test(id)) return undefined;
  if (/^\d{11}$/.test(id)) {
    return checkDigit(id, CPF_1) === Number(id[9]) && checkDigit(id, CPF_2) === Number(id[10]) ? 'CPF' : undefined;
  }
  if (/^[0-9A-Z]{12}\d{2}$/.test(id)) {
    return checkDigit(id, CNPJ_1) === Number(id[12]) && checkDigit(id, CNPJ_2) === Number(id[13]) ? 'CNPJ' : undefined;
  }
  return undefined;
}

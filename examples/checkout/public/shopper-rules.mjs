// The rules for the shopper's data, with the reason a shopper reads for each (pt-BR). One file
// for both sides: the page imports it to check the form before the bank's challenge, and the
// merchant server (orders.mjs) imports it to check again before it creates the order. No DOM,
// no Node API. The CPF/CNPJ rule is the API's own: tax-id.mjs is src/core/tax-id.ts, copied
// beside this file by the package build (npx rollup -c), so both accept alphanumeric CNPJs.
import { normaliseTaxId, taxIdKind } from './tax-id.mjs';

export { normaliseTaxId };

/** Every field the order needs besides the card, in the order the form shows them. */
export const SHOPPER_FIELDS = [
  'name',
  'email',
  'taxId',
  'phone',
  'postalCode',
  'street',
  'number',
  'locality',
  'city',
  'regionCode',
];

const UFS = new Set('AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '));

/** Only the digits of a value: "123.456.789-09" gives "12345678909". */
export const onlyDigits = (v) => String(v ?? '').replace(/\D/g, '');
const text = (v) => (typeof v === 'string' ? v.trim() : '');

/** CPF 000.000.000-00 or CNPJ 00.000.000/0000-00 (letters too: 12.ABC.345/01DE-35); anything else as typed. */
export function formatTaxId(value) {
  const id = normaliseTaxId(String(value ?? ''));
  if (/^\d{11}$/.test(id)) return id.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{12}\d{2}$/.test(id)) return id.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return String(value ?? '');
}

/** A Brazilian phone with its area code: (11) 99999-8888, or (11) 3333-4444; anything else as typed. */
export function formatPhone(value) {
  const d = onlyDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return String(value ?? '');
}

/** A product name whose quantities never wrap apart from their unit: "500 g" keeps a no-break space. */
export const unbrokenUnits = (name) => String(name).replace(/(\d) (?=(?:g|kg|ml|l|un)\b)/gi, '$1\u00a0');

/** CEP 00000-000; anything else as typed. */
export function formatCep(value) {
  const d = onlyDigits(value);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : String(value ?? '');
}

/**
 * What is wrong with the shopper's data, as `{ field, message }` in form order (empty: all
 * good). `customer`: name, email, taxId, phone; `address`: street, number, complement,
 * locality, city, regionCode, postalCode; strings as typed.
 * @param {{ customer?: Record<string, unknown>, address?: Record<string, unknown> }} input
 * @returns {{ field: string, message: string }[]}
 */
export function shopperProblems(input) {
  const c = input?.customer ?? {};
  const a = input?.address ?? {};
  const tax = normaliseTaxId(text(c.taxId));
  const cep = onlyDigits(a.postalCode);
  const checks = {
    name: text(c.name).split(/\s+/).length >= 2 || 'Informe nome e sobrenome.',
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text(c.email)) || 'Informe um e-mail válido, como nome@exemplo.com.br.',
    taxId:
      taxIdKind(tax) !== undefined ||
      (tax.length === 0
        ? 'Informe o CPF ou o CNPJ.'
        : tax.length === 14
          ? 'CNPJ inválido: confira os 14 caracteres.'
          : 'CPF inválido: confira os 11 dígitos.'),
    phone: /^[1-9]\d{9,10}$/.test(onlyDigits(c.phone)) || 'Informe o celular com DDD: 10 ou 11 dígitos.',
    postalCode: /^\d{8}$/.test(cep) || (cep.length === 0 ? 'Informe o CEP.' : 'O CEP tem 8 dígitos, como 01310-100.'),
    street: text(a.street) !== '' || 'Informe a rua.',
    number: text(a.number) !== '' || 'Informe o número (ou "s/n").',
    locality: text(a.locality) !== '' || 'Informe o bairro.',
    city: text(a.city) !== '' || 'Informe a cidade.',
    regionCode: UFS.has(text(a.regionCode).toUpperCase()) || 'Informe a sigla do estado, como SP.',
  };
  return SHOPPER_FIELDS.filter((f) => checks[f] !== true).map((field) => ({ field, message: checks[field] }));
}

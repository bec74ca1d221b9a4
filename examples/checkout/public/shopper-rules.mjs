// The rules for the shopper's data, with the reason a shopper reads for each (pt-BR). One file
// for both sides: the page imports it to check the form before the bank's challenge, and the
// merchant server (orders.mjs) imports it to check again before it creates the order. No DOM,
// no Node API.

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

/** CPF check digits (mod 11, weights 10..2 then 11..2); all-equal digits are never valid. */
function isCpf(d) {
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  const dv = (len) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return dv(9) === Number(d[9]) && dv(10) === Number(d[10]);
}

/** CNPJ check digits (mod 11, weights 2..9 from the right). */
function isCnpj(d) {
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const dv = (len) => {
    let sum = 0;
    for (let i = len - 1, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1) sum += Number(d[i]) * w;
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return dv(12) === Number(d[12]) && dv(13) === Number(d[13]);
}

/** CPF 000.000.000-00 or CNPJ 00.000.000/0000-00; anything else as typed. */
export function formatTaxId(value) {
  const d = onlyDigits(value);
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return String(value ?? '');
}

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
  const tax = onlyDigits(c.taxId);
  const cep = onlyDigits(a.postalCode);
  const checks = {
    name: text(c.name).split(/\s+/).length >= 2 || 'Informe nome e sobrenome.',
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text(c.email)) || 'Informe um e-mail válido, como nome@exemplo.com.br.',
    taxId:
      (tax.length === 14 ? isCnpj(tax) : isCpf(tax)) ||
      (tax.length === 0 ? 'Informe o CPF.' : 'CPF inválido: confira os 11 dígitos.'),
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

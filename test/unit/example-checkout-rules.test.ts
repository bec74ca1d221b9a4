// The example checkout's rules, run by its page and its server: the shopper's data (with the
// reasons the shopper reads) and the 3DS policy.
import { describe, expect, it } from 'vitest';
import { DEFAULT_THREEDS_POLICY, mayCharge, shortReference } from '../../examples/checkout/orders.mjs';
import {
  formatCep,
  formatPhone,
  formatTaxId,
  shopperProblems,
  unbrokenUnits,
} from '../../examples/checkout/public/shopper-rules.mjs';
import { MESSAGES } from '../../examples/checkout/public/shopper-messages.mjs';
import { ErrorCode } from '../../src/sdk/index';

const good = {
  customer: { name: 'Maria da Silva', email: 'maria@example.com', taxId: '123.456.789-09', phone: '(11) 99999-8888' },
  address: {
    street: 'Avenida Paulista',
    number: '1000',
    locality: 'Bela Vista',
    city: 'São Paulo',
    regionCode: 'sp',
    postalCode: '01310-100',
  },
};
const problemsWith = (customer: object = {}, address: object = {}) =>
  shopperProblems({ customer: { ...good.customer, ...customer }, address: { ...good.address, ...address } });

describe('shopperProblems', () => {
  it('accepts a complete shopper, typed with punctuation', () => {
    expect(shopperProblems(good)).toEqual([]);
  });

  it('checks CPF and CNPJ check digits, not only their length', () => {
    expect(problemsWith({ taxId: '123.456.789-00' })).toEqual([
      { field: 'taxId', message: 'CPF inválido: confira os 11 dígitos.' },
    ]);
    expect(problemsWith({ taxId: '111.111.111-11' })).toEqual([
      { field: 'taxId', message: 'CPF inválido: confira os 11 dígitos.' },
    ]);
    expect(problemsWith({ taxId: '11.222.333/0001-81' })).toEqual([]);
    expect(problemsWith({ taxId: '11.222.333/0001-80' })).toEqual([
      { field: 'taxId', message: 'CNPJ inválido: confira os 14 caracteres.' },
    ]);
    // The alphanumeric CNPJ the API accepts (the Receita Federal's example), typed in lower case too.
    expect(problemsWith({ taxId: '12.ABC.345/01DE-35' })).toEqual([]);
    expect(problemsWith({ taxId: '12abc34501de35' })).toEqual([]);
    expect(problemsWith({ taxId: '12.ABC.345/01DE-36' }).map((p) => p.field)).toEqual(['taxId']);
    expect(problemsWith({ taxId: '' })).toEqual([{ field: 'taxId', message: 'Informe o CPF ou o CNPJ.' }]);
  });

  it('names every wrong field in form order, each with its reason', () => {
    expect(shopperProblems({ customer: { name: 'Maria' }, address: { regionCode: 'XX', postalCode: '123' } })).toEqual([
      { field: 'name', message: 'Informe nome e sobrenome.' },
      { field: 'email', message: 'Informe um e-mail válido, como nome@exemplo.com.br.' },
      { field: 'taxId', message: 'Informe o CPF ou o CNPJ.' },
      { field: 'phone', message: 'Informe o celular com DDD: 10 ou 11 dígitos.' },
      { field: 'postalCode', message: 'O CEP tem 8 dígitos, como 01310-100.' },
      { field: 'street', message: 'Informe a rua.' },
      { field: 'number', message: 'Informe o número (ou "s/n").' },
      { field: 'locality', message: 'Informe o bairro.' },
      { field: 'city', message: 'Informe a cidade.' },
      { field: 'regionCode', message: 'Informe a sigla do estado, como SP.' },
    ]);
  });

  it('formats CPF, CNPJ and CEP as written on paper', () => {
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatTaxId('123')).toBe('123');
    expect(formatCep('01310100')).toBe('01310-100');
  });

  it('shows a phone with its area code as people write it, and leaves anything else as typed', () => {
    expect(formatPhone('11999998888')).toBe('(11) 99999-8888');
    expect(formatPhone('(11) 3333-4444')).toBe('(11) 3333-4444');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('11 123')).toBe('11 123');
    // What the mask shows is what the rule accepts: the same digits.
    expect(shopperProblems({ ...good, customer: { ...good.customer, phone: formatPhone('21987654321') } })).toEqual([]);
  });

  it('keeps a quantity and its unit together in a product name', () => {
    expect(unbrokenUnits('Café especial 500 g')).toBe('Café especial 500\u00a0g');
    expect(unbrokenUnits('Água 1,5 l, 6 un')).toBe('Água 1,5\u00a0l, 6\u00a0un');
    expect(unbrokenUnits('Caneca de cerâmica')).toBe('Caneca de cerâmica');
  });
});

describe('the 3DS policy (mayCharge)', () => {
  it('by default charges only AUTHENTICATED cards, and credit cards without 3DS', () => {
    expect(mayCharge('CREDIT_CARD', 'AUTHENTICATED', DEFAULT_THREEDS_POLICY)).toBe(true);
    expect(mayCharge('CREDIT_CARD', 'NOT_AUTHENTICATED', DEFAULT_THREEDS_POLICY)).toBe(false);
    expect(mayCharge('CREDIT_CARD', undefined, DEFAULT_THREEDS_POLICY)).toBe(true);
    expect(mayCharge('DEBIT_CARD', 'AUTHENTICATED', DEFAULT_THREEDS_POLICY)).toBe(true);
  });

  it('a merchant who opts in charges NOT_AUTHENTICATED credit cards, never debit ones', () => {
    const optIn = { chargeNotAuthenticated: true };
    expect(mayCharge('CREDIT_CARD', 'NOT_AUTHENTICATED', optIn)).toBe(true);
    expect(mayCharge('DEBIT_CARD', 'NOT_AUTHENTICATED', optIn)).toBe(false);
    expect(mayCharge('DEBIT_CARD', undefined, optIn)).toBe(false);
  });
});

it('short references have no look-alike characters', () => {
  for (let i = 0; i < 200; i++) expect(shortReference()).toMatch(/^LE-[2-9A-HJ-NP-Z]{6}$/);
});

describe('the words the shopper reads', () => {
  it('has words for every code of the SDK, and for no other', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(Object.values(ErrorCode).sort());
  });
});

import { describe, expect } from 'vitest';
import {
  api,
  boletoCharge,
  card,
  cardCharge,
  customer,
  errorOf,
  order,
  subMerchant,
  subMerchantCharge,
} from './support/payments';
import { it } from './support/sandbox-test';

/** Valid tax ids as sent, and as the API answers them. */
const VALID: Array<[string, string]> = [
  ['12345678909', '12345678909'],
  ['123.456.789-09', '12345678909'],
  ['11222333000181', '11222333000181'],
  ['11.222.333/0001-81', '11222333000181'],
  ['12ABC34501DE35', '12ABC34501DE35'],
  ['12.ABC.345/01DE-35', '12ABC34501DE35'],
  ['12.abc.345/01de-35', '12ABC34501DE35'],
];
/** Wrong check digits of each kind, and shapes that are no tax id. */
const INVALID = ['12345678900', '11222333000182', '12ABC34501DE36', '12ABC34501DE3A', '12ABC34501D', '111.111.111-11'];

/** Where a tax id goes: the request with `taxId` there, the path of the endpoint, the parameter, and where the answer echoes it. */
const PLACES = [
  {
    name: 'order customer',
    path: '/orders',
    body: (taxId: string) => order(undefined, { customer: { ...customer(), tax_id: taxId } }),
    parameter: 'customer.tax_id',
    echoed: (body: any) => body.customer.tax_id,
  },
  {
    name: 'card holder',
    path: '/orders',
    body: (taxId: string) =>
      order([cardCharge({ card: card('4111111111111111', { holder: { name: 'Maria Silva', tax_id: taxId } }) })]),
    parameter: 'charges[0].payment_method.card.holder.tax_id',
    echoed: (body: any) => body.charges[0].payment_method.card.holder.tax_id,
  },
  {
    name: 'boleto holder',
    path: '/orders',
    body: (taxId: string) => {
      const charge = boletoCharge() as any;
      charge.payment_method.boleto.holder.tax_id = taxId;
      return order([charge]);
    },
    parameter: 'charges[0].payment_method.boleto.holder.tax_id',
    echoed: (body: any) => body.charges[0].payment_method.boleto.holder.tax_id,
  },
  {
    name: 'sub-merchant',
    path: '/charges',
    body: (taxId: string) => ({ ...subMerchantCharge(), sub_merchant: { ...subMerchant(), tax_id: taxId } }),
    parameter: 'sub_merchant.tax_id',
    echoed: (body: any) => body.sub_merchant.tax_id,
  },
];

describe('tax ids: CPF, numeric CNPJ and alphanumeric CNPJ wherever one is accepted', () => {
  for (const place of PLACES) {
    it(`${place.name}: valid ones accepted formatted or not and answered normalised; wrong check digits refused naming ${place.parameter}`, async ({
      sandbox,
    }) => {
      for (const [sent, answered] of VALID) {
        const res = await api(sandbox, 'POST', place.path, place.body(sent));
        expect(res.status, `${sent}: ${JSON.stringify(res.body)}`).toBe(201);
        expect(place.echoed(res.body), sent).toBe(answered);
      }
      for (const bad of INVALID) {
        const res = await api(sandbox, 'POST', place.path, place.body(bad));
        expect(res.status, bad).toBe(400);
        expect(errorOf(res, place.parameter), bad).toMatchObject({ code: '40002' });
        expect(errorOf(res, place.parameter)!.description).toContain('CNPJ (14 characters');
      }
    });
  }
});

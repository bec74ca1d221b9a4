import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChargeStore, type ChargeRecord } from '../../src/sandbox/charges/charge-store';
import { MerchantStore } from '../../src/sandbox/merchants/merchant-store';
import { OrderStore } from '../../src/sandbox/orders/order-store';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';

// The insert binds each column by position: every field must come back from its own column.
const card: ChargeRecord = {
  id: 'CHAR_1',
  merchantId: 'M1',
  orderId: 'ORDE_1',
  referenceId: 'ref-1',
  description: 'Pedido 1',
  metadata: { nota_fiscal: '123', parcela: 2 },
  buyerInterest: { total: 412, installments: 2 },
  splits: {
    id: 'SPLI_1',
    method: 'FIXED',
    receivers: [{ account: { id: 'ACCO_1' }, amount: { value: 10_000 } }],
    custodyReleasedAt: null,
  },
  status: 'AUTHORIZED',
  amount: 10_000,
  paid: 0,
  refunded: 0,
  paymentResponse: { code: '20000', message: 'SUCESSO', reference: '000000000042' },
  paymentMethod: {
    type: 'CREDIT_CARD',
    installments: 2,
    capture: false,
    card: {
      brand: 'visa',
      first_digits: '411111',
      last_digits: '1111',
      exp_month: '3',
      exp_year: '2099',
      holder: { name: 'Maria Silva' },
    },
  },
  subMerchant: {
    reference_id: 'sub-1',
    name: 'Loja',
    tax_id: '11222333000181',
    mcc: '5411',
    address: {
      street: 'Rua A',
      number: '1',
      locality: 'Centro',
      city: 'São Paulo',
      region_code: 'SP',
      country: 'BRA',
      postal_code: '01000000',
    },
  } as ChargeRecord['subMerchant'],
  notificationUrls: ['https://example.com/hook'],
  authenticationId: '3DS_1',
  boletoId: null,
  captureBefore: 1_800_000_000_000,
  createdAt: 1_700_000_000_000,
  paidAt: null,
  updatedAt: 1_700_000_000_001,
};
const boleto: ChargeRecord = {
  ...card,
  splits: null,
  id: 'CHAR_2',
  orderId: null,
  referenceId: null,
  description: null,
  status: 'WAITING',
  paymentMethod: { type: 'BOLETO' },
  subMerchant: null,
  notificationUrls: [],
  authenticationId: null,
  boletoId: 'b0000000-0000-4000-8000-000000000000',
  captureBefore: null,
  paidAt: 1_700_000_000_002,
};

let db: Db;
let charges: ChargeStore;
beforeEach(async () => {
  db = await openDatabase(undefined, []);
  migrate(db, SCHEMA_MIGRATIONS);
  new MerchantStore(db).upsert({
    id: 'M1',
    name: 'M1',
    token: 'sbx_m1',
    pciHomologated: true,
    subMerchantEnabled: true,
    releasedMccs: [],
  });
  new OrderStore(db).insert({
    id: 'ORDE_1',
    merchantId: 'M1',
    referenceId: null,
    customer: { name: 'Maria Silva', email: 'maria@example.com', tax_id: '12345678909' },
    items: [],
    shipping: null,
    notificationUrls: [],
    createdAt: 1_700_000_000_000,
  });
  charges = new ChargeStore(db);
});
afterEach(() => db.close());

describe('ChargeStore', () => {
  it('reads back every field of an inserted charge, each from its own column', () => {
    charges.insert(card);
    charges.insert(boleto);
    expect(charges.get('CHAR_1', 'M1')).toEqual(card);
    expect(charges.get('CHAR_2', 'M1')).toEqual(boleto);
    expect(charges.getByBoletoId(boleto.boletoId!)).toEqual(boleto);
    expect(charges.listByOrder('ORDE_1')).toEqual([card]);
  });
});

import { describe, expect } from 'vitest';
import { crc16, tlv } from '../../src/sandbox/pix/emv-tlv';
import type { Sandbox } from '../../src/sandbox/index';
import { openDatabase } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { api, cardCharge, errorOf, order } from './support/payments';
import { crcCcittFalse, decodeQrPng, readBrCode } from './support/pix-decoding';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

let other: { token: string };

it.beforeAll(({ sandbox }) => {
  other = sandbox.addMerchant();
});

const pixOrder = (sandbox: Sandbox, qrCode: Record<string, unknown> = { amount: { value: 15_000 } }, headers = {}) =>
  api(sandbox, 'POST', '/orders', order(undefined, { qr_codes: [qrCode] }), headers);

/** The example static BR Code of Banco Central's "Manual de Padrões para Iniciação do Pix". */
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('BR Code primitives', () => {
  it("reproduce the CRC of Banco Central's published example and the CRC-16/CCITT-FALSE check value", () => {
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(crcCcittFalse(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(crc16('123456789')).toBe('29B1');
    const read = readBrCode(MANUAL_EXAMPLE);
    expect(read).toMatchObject({ gui: 'br.gov.bcb.pix', key: '123e4567-e12b-12d1-a456-426655440000', txid: '***' });
    expect(read.crcValid).toBe(true);
  });

  it('writes a field as id, two-digit length, value', () => {
    expect(tlv('59', 'Fulano de Tal')).toBe('5913Fulano de Tal');
    expect(() => tlv('62', 'x'.repeat(100))).toThrow(RangeError);
  });
});

describe('schema version 6', () => {
  it('gives each account of an older data file its own random Pix key and the default city', async () => {
    const db = await openDatabase(undefined, []);
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 5));
    const add = db.prepare(
      "INSERT INTO merchants (id, name, token_hash, webhook_secret, created_at) VALUES (?, ?, ?, 'whsec_x', '2026-01-01')",
    );
    add.run('M1', 'Loja Um', 'h1');
    add.run('M2', 'Loja Dois', 'h2');
    migrate(db, SCHEMA_MIGRATIONS);
    const rows = db
      .prepare<[], { pix_key: string; merchant_city: string }>('SELECT pix_key, merchant_city FROM merchants')
      .all();
    expect(rows.map((r) => r.merchant_city)).toEqual(['SAO PAULO', 'SAO PAULO']);
    for (const r of rows)
      expect(r.pix_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rows[0]!.pix_key).not.toBe(rows[1]!.pix_key);
    db.close();
  });
});

describe('the Pix settings from code', () => {
  const settingsOf = async (s: Sandbox, token = s.token) => {
    const res = await fetch(`${s.apiUrl}/sandbox/merchant/settings`, { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()) as { pix_key: string; merchant_city: string };
  };

  it('startSandbox, addMerchant and configureMerchant take merchantCity and pixKey, checked like the endpoint', async ({
    startSandbox,
  }) => {
    const s = await startSandbox({ merchant: { merchantCity: ' Campinas ', pixKey: '+5519912345678' } });
    expect(await settingsOf(s)).toMatchObject({ merchant_city: 'Campinas', pix_key: '+5519912345678' });
    const added = s.addMerchant({ pixKey: 'loja@example.com' });
    expect(await settingsOf(s, added.token)).toMatchObject({
      merchant_city: 'SAO PAULO',
      pix_key: 'loja@example.com',
    });
    s.configureMerchant({ merchantCity: 'Santos' });
    expect(await settingsOf(s)).toMatchObject({ merchant_city: 'Santos', pix_key: '+5519912345678' });
    expect(() => s.configureMerchant({ pixKey: 'not a key' })).toThrow(/configureMerchant: pixKey must be a Pix key/);
    expect(() => s.addMerchant({ merchantCity: 'Uma cidade de nome longo' })).toThrow(/addMerchant: merchantCity/);
    await expect(startSandbox({ merchant: { pixKey: '123' } })).rejects.toThrow(/startSandbox: pixKey/);
  });

  it("a restart on the same data file keeps the account's random Pix key", async ({ startSandbox, dataFile }) => {
    // The file's sandbox is in memory: its data file's path is free for this one.
    const first = await startSandbox({ dataFile, token: 'sbx_pix_restart_token' });
    const key = (await settingsOf(first)).pix_key;
    await first.close();
    const second = await startSandbox({ dataFile, token: 'sbx_pix_restart_token' });
    expect((await settingsOf(second)).pix_key).toBe(key);
  });
});

describe('POST /orders with qr_codes', () => {
  it('answers 201 with no charge and one QR code whose text is a valid static BR Code', async ({ sandbox }) => {
    const settings = (await api(sandbox, 'GET', '/sandbox/merchant/settings')).body;
    const res = await pixOrder(sandbox, { amount: { value: '15000' } });
    expect(res.status).toBe(201);
    expect(res.body.charges).toEqual([]);
    expect(res.body.qr_codes).toHaveLength(1);
    const qr = res.body.qr_codes[0];
    expect(qr.id).toMatch(/^QRCO_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(qr.amount).toEqual({ value: 15_000 });
    expect(qr.arrangements).toEqual(['PIX']);
    expect(res.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'PAY']);

    const code = readBrCode(qr.text);
    expect(code.crcValid).toBe(true);
    expect(code.order).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(code.fields.get('00')).toBe('01');
    expect(code.gui).toBe('br.gov.bcb.pix');
    expect(code.key).toBe(settings.pix_key);
    expect(code.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(code.fields.get('52')).toBe('0000');
    expect(code.fields.get('53')).toBe('986');
    expect(code.fields.get('54')).toBe('150.00');
    expect(code.fields.get('58')).toBe('BR');
    expect(code.fields.get('59')).toBe(settings.merchant_name.slice(0, 25));
    expect(code.fields.get('60')).toBe('SAO PAULO');
    expect(code.txid).toBe(qr.id.slice(5).replace(/-/g, '').slice(0, 25));
  });

  it('writes cents as reais with two decimals', async ({ sandbox }) => {
    for (const [value, field] of [
      [1, '0.01'],
      [1_005, '10.05'],
      [999_999_999, '9999999.99'],
    ] as const) {
      const res = await pixOrder(sandbox, { amount: { value } });
      expect(readBrCode(res.body.qr_codes[0].text).fields.get('54')).toBe(field);
    }
  });

  it('carries the account settings: merchant name and city in ASCII, and the Pix key', async ({ sandbox }) => {
    const token = sandbox.addMerchant().token;
    const set = await api(
      sandbox,
      'POST',
      '/sandbox/merchant/settings',
      {
        merchant_name: 'Padaria São João & Filhos Ltda',
        merchant_city: 'Ribeirão Preto',
        pix_key: 'pix@padaria.com.br',
      },
      {},
      token,
    );
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ merchant_city: 'Ribeirão Preto', pix_key: 'pix@padaria.com.br' });
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 500 } }] }),
      {},
      token,
    );
    const code = readBrCode(res.body.qr_codes[0].text);
    expect(code.crcValid).toBe(true);
    expect(code.key).toBe('pix@padaria.com.br');
    expect(code.fields.get('59')).toBe('Padaria Sao Joao Filhos L');
    expect(code.fields.get('60')).toBe('Ribeirao Preto');
  });

  it('refuses a Pix key of no known kind, naming the field', async ({ sandbox }) => {
    for (const pix_key of ['not a key', '12345678900', '+1 555 0100', `${'x'.repeat(70)}@example.com`]) {
      const res = await api(sandbox, 'POST', '/sandbox/merchant/settings', { pix_key });
      expect(res.status, pix_key).toBe(400);
      expect(errorOf(res, 'pix_key')?.code).toBe('40002');
    }
    for (const pix_key of ['+5511912345678', '11222333000181', '123E4567-E89B-42D3-A456-426614174000']) {
      const res = await api(sandbox, 'POST', '/sandbox/merchant/settings', { pix_key }, {}, other.token);
      expect(res.status, pix_key).toBe(200);
      expect(res.body.pix_key).toBe(pix_key.toLowerCase());
    }
  });

  it('expires by default at 23:59:59.000 of the next day in Brasília time', async ({ sandbox }) => {
    const res = await pixOrder(sandbox);
    const created = new Date(res.body.created_at);
    const local = new Date(created.getTime() - 3 * 3_600_000);
    const next = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1));
    expect(res.body.qr_codes[0].expiration_date).toBe(`${next.toISOString().slice(0, 10)}T23:59:59.000-03:00`);
  });

  it('answers a given expiration_date in the API timestamp form', async ({ sandbox }) => {
    const at = new Date(Date.now() + 3_600_000);
    at.setUTCMilliseconds(0);
    const zulu = at.toISOString().replace('.000Z', 'Z');
    const local = new Date(at.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
    const res = await pixOrder(sandbox, { amount: { value: 100 }, expiration_date: zulu });
    expect(res.status).toBe(201);
    expect(res.body.qr_codes[0].expiration_date).toBe(local);
    const plus = new Date(at.getTime() + 2 * 3_600_000).toISOString().replace('.000Z', '+02:00');
    expect(
      (await pixOrder(sandbox, { amount: { value: 100 }, expiration_date: plus })).body.qr_codes[0].expiration_date,
    ).toBe(local);
    const micro = zulu.replace('Z', '.000999Z');
    expect(
      (await pixOrder(sandbox, { amount: { value: 100 }, expiration_date: micro })).body.qr_codes[0].expiration_date,
    ).toBe(local);
  });

  it('refuses a past, malformed or zoneless expiration_date, a bad amount, and not exactly one QR code', async ({
    sandbox,
  }) => {
    const bad: Array<[unknown, string, string]> = [
      [[{ amount: { value: 100 }, expiration_date: '2020-01-01T00:00:00Z' }], 'qr_codes[0].expiration_date', '40002'],
      [
        [{ amount: { value: 100 }, expiration_date: '2099-02-30T10:00:00-03:00' }],
        'qr_codes[0].expiration_date',
        '40002',
      ],
      [[{ amount: { value: 100 }, expiration_date: '2099-01-01T10:00:00' }], 'qr_codes[0].expiration_date', '40002'],
      [[{ amount: { value: 100 }, expiration_date: 'amanhã' }], 'qr_codes[0].expiration_date', '40002'],
      // Milliseconds since the epoch, as some clients send a date: the provider takes ISO 8601 text only.
      [[{ amount: { value: 100 }, expiration_date: 1893492000000 }], 'qr_codes[0].expiration_date', '40002'],
      [[{ amount: { value: 0 } }], 'qr_codes[0].amount.value', '40002'],
      [[{ amount: { value: '10.50' } }], 'qr_codes[0].amount.value', '40002'],
      [[{ amount: {} }], 'qr_codes[0].amount.value', '40001'],
      [[{}], 'qr_codes[0].amount', '40001'],
      [[{ amount: { value: 100 }, key: 'x' }], 'qr_codes[0].key', '40003'],
      [[], 'qr_codes', '40002'],
      [[{ amount: { value: 100 } }, { amount: { value: 200 } }], 'qr_codes', '40002'],
    ];
    for (const [qr_codes, parameter, code] of bad) {
      const res = await api(sandbox, 'POST', '/orders', order(undefined, { qr_codes }));
      expect(res.status, JSON.stringify(qr_codes)).toBe(400);
      expect(errorOf(res, parameter)?.code, `${JSON.stringify(qr_codes)}: ${JSON.stringify(res.body)}`).toBe(code);
    }
  });

  it('refuses qr_codes beside charges', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([{ amount: { value: 100 } }], { qr_codes: [{ amount: { value: 100 } }] }),
    );
    expect(res.status).toBe(400);
    expect(errorOf(res, 'qr_codes')?.code).toBe('40003');
  });

  it('replays the same QR code for the same idempotency key', async ({ sandbox }) => {
    const headers = { 'x-idempotency-key': `pix-${Date.now()}` };
    const first = await pixOrder(sandbox, undefined, headers);
    const again = await pixOrder(sandbox, undefined, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('x-idempotent-replayed')).toBe('true');
    expect(again.body.qr_codes).toEqual(first.body.qr_codes);
    expect(again.body.id).toBe(first.body.id);
  });

  it('shows the QR code on GET /orders/{id}', async ({ sandbox }) => {
    const created = await pixOrder(sandbox);
    const read = await api(sandbox, 'GET', `/orders/${created.body.id}`);
    expect(read.body.qr_codes).toEqual(created.body.qr_codes);
  });
});

describe('QR code images', () => {
  it('serves a PNG without a token that an independent decoder reads back as the text, and the same PNG in base64', async ({
    sandbox,
  }) => {
    const qr = (await pixOrder(sandbox)).body.qr_codes[0];
    expect(qr.links).toEqual([
      { rel: 'QRCODE.PNG', href: `${sandbox.apiUrl}/qrcode/${qr.id}/png`, media: 'image/png', type: 'GET' },
      { rel: 'QRCODE.BASE64', href: `${sandbox.apiUrl}/qrcode/${qr.id}/base64`, media: 'text/plain', type: 'GET' },
    ]);
    const png = await fetch(qr.links[0].href);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(decodeQrPng(bytes)).toBe(qr.text);

    const base64 = await fetch(qr.links[1].href);
    expect(base64.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(Buffer.from(await base64.text(), 'base64').equals(bytes)).toBe(true);
  });

  it('answers 404 for an unknown id or kind', async ({ sandbox }) => {
    const qr = (await pixOrder(sandbox)).body.qr_codes[0];
    for (const path of [
      `/qrcode/QRCO_00000000-0000-4000-8000-000000000000/png`,
      `/qrcode/${qr.id}/gif`,
      `/qrcode/${qr.id.toUpperCase()}/png`,
    ]) {
      const res = await fetch(`${sandbox.apiUrl}${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});

const pay = (sandbox: Sandbox, id: string, token = sandbox.token) =>
  api(sandbox, 'POST', `/sandbox/qr-codes/${id}/pay`, undefined, {}, token);
const expire = (sandbox: Sandbox, id: string, token = sandbox.token) =>
  api(sandbox, 'POST', `/sandbox/qr-codes/${id}/expire`, undefined, {}, token);

describe('the Pix simulator', () => {
  it('pays a code: the order gains a PAID PIX charge with an end-to-end id and the payer', async ({ sandbox }) => {
    const created = (await pixOrder(sandbox, { amount: { value: 4_990 } })).body;
    const res = await pay(sandbox, created.qr_codes[0].id);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(created.id);
    expect(res.body.qr_codes).toEqual(created.qr_codes);
    expect(res.body.charges).toHaveLength(1);
    const charge = res.body.charges[0];
    expect(charge).toMatchObject({
      status: 'PAID',
      amount: { value: 4_990, currency: 'BRL', summary: { total: 4_990, paid: 4_990, refunded: 0 } },
      payment_response: { code: '20000', message: 'SUCESSO' },
      payment_method: { type: 'PIX', pix: { holder: { name: 'Maria Silva', tax_id: '12345678909' } } },
    });
    expect(charge.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/);
    const e2e: string = charge.payment_method.pix.end_to_end_id;
    expect(e2e).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
    expect(e2e).toHaveLength(32);
    // The minute of the payment, in UTC.
    expect(e2e.slice(9, 21)).toBe(new Date(charge.paid_at).toISOString().replace(/\D/g, '').slice(0, 12));
    expect(charge.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'CHARGE.CANCEL']);
    expect(res.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF']);
    const read = await api(sandbox, 'GET', `/charges/${charge.id}`);
    expect(read.body).toEqual(charge);
  });

  it('refuses to pay twice, leaving one charge', async ({ sandbox }) => {
    const created = (await pixOrder(sandbox)).body;
    await pay(sandbox, created.qr_codes[0].id);
    const again = await pay(sandbox, created.qr_codes[0].id);
    expect(again.status).toBe(409);
    expect(again.body.error_messages[0].description).toMatch(/already paid/);
    expect((await api(sandbox, 'GET', `/orders/${created.id}`)).body.charges).toHaveLength(1);
  });

  it('expires a code: its expiration_date becomes now, and paying it is refused', async ({ sandbox }) => {
    const created = (await pixOrder(sandbox)).body;
    const res = await expire(sandbox, created.qr_codes[0].id);
    expect(res.status).toBe(200);
    expect(new Date(res.body.qr_codes[0].expiration_date).getTime()).toBeLessThan(
      new Date(created.qr_codes[0].expiration_date).getTime(),
    );
    const paid = await pay(sandbox, created.qr_codes[0].id);
    expect(paid.status).toBe(409);
    expect(paid.body.error_messages[0].description).toMatch(/expired/);
    expect((await expire(sandbox, created.qr_codes[0].id)).status).toBe(409);
    expect((await api(sandbox, 'GET', `/orders/${created.id}`)).body.charges).toEqual([]);
  });

  it('refuses to expire a paid code', async ({ sandbox }) => {
    const created = (await pixOrder(sandbox)).body;
    await pay(sandbox, created.qr_codes[0].id);
    expect((await expire(sandbox, created.qr_codes[0].id)).status).toBe(409);
  });

  it('refuses a code whose expiration_date the sandbox clock has passed', async ({ sandbox }) => {
    const at = new Date(sandbox.clock.now().getTime() + 60_000).toISOString();
    const created = (await pixOrder(sandbox, { amount: { value: 100 }, expiration_date: at })).body;
    sandbox.clock.advance(61_000);
    const res = await pay(sandbox, created.qr_codes[0].id);
    expect(res.status).toBe(409);
    expect(res.body.error_messages[0].description).toMatch(/expired/);
    expect((await api(sandbox, 'GET', `/orders/${created.id}`)).body.charges).toEqual([]);
  });

  it("answers 404 for another merchant's code or an unknown one", async ({ sandbox }) => {
    const created = (await pixOrder(sandbox)).body;
    for (const res of [
      await pay(sandbox, created.qr_codes[0].id, other.token),
      await expire(sandbox, created.qr_codes[0].id, other.token),
      await pay(sandbox, 'QRCO_00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error_messages[0].parameter_name).toBe('qr_code_id');
    }
    expect((await api(sandbox, 'GET', `/orders/${created.id}`)).body.charges).toEqual([]);
  });

  it('refuses to pay the code of an order already paid by card', async ({ sandbox }) => {
    const created = (await pixOrder(sandbox, { amount: { value: 5_000 } })).body;
    const card = await api(sandbox, 'POST', `/orders/${created.id}/pay`, cardCharge({ value: 5_000 }));
    expect(card.status).toBe(201);
    const res = await pay(sandbox, created.qr_codes[0].id);
    expect(res.status).toBe(409);
    expect((await api(sandbox, 'GET', `/orders/${created.id}`)).body.charges).toHaveLength(1);
  });
});

describe('refunding a Pix charge', () => {
  it('refunds part, then the rest: CANCELED once all is refunded', async ({ sandbox }) => {
    const created = (await pixOrder(sandbox, { amount: { value: 10_000 } })).body;
    const charge = (await pay(sandbox, created.qr_codes[0].id)).body.charges[0];
    const part = await api(sandbox, 'POST', `/charges/${charge.id}/cancel`, { amount: { value: 2_500 } });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ status: 'PAID', amount: { summary: { paid: 10_000, refunded: 2_500 } } });
    expect(part.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'CHARGE.CANCEL']);
    const rest = await api(sandbox, 'POST', `/charges/${charge.id}/cancel`);
    expect(rest.body).toMatchObject({ status: 'CANCELED', amount: { summary: { paid: 10_000, refunded: 10_000 } } });
    expect(rest.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF']);
    expect((await api(sandbox, 'POST', `/charges/${charge.id}/cancel`)).status).toBe(409);
  });
});

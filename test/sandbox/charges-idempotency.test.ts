import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import { api, boletoCharge, card, cardCharge, order, subMerchantCharge } from './support/payments';
import { authData, createSession, postAuthentication, validDevice } from './support/sdk-client';
import { it } from './support/sandbox-test';

let db: Database.Database;

it.override('sandboxOptions', { dataFile: true });
// A second connection to the sandbox's own file: the tests count rows as they really are.
// (once the sandbox has created the file).
it.beforeAll(({ sandbox: _started, dataFile }) => {
  db = new Database(dataFile, { readonly: true });
});
it.afterAll(() => db.close());

const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const key = () => `key-${Math.random().toString(36).slice(2)}`;

describe('x-idempotency-key', () => {
  it('POST /charges: the same key and body answer the first result, with no second charge', async ({ sandbox }) => {
    const k = key();
    const before = count('charges');
    const first = await api(sandbox, 'POST', '/charges', subMerchantCharge(), { 'x-idempotency-key': k });
    const second = await api(sandbox, 'POST', '/charges', subMerchantCharge(), { 'x-idempotency-key': k });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-idempotent-replayed')).toBe('true');
    expect(first.headers.get('x-idempotent-replayed')).toBeNull();
    expect(count('charges')).toBe(before + 1);
  });

  it('POST /orders: the same key and body answer the first order; key order and spacing of the JSON do not matter', async ({
    sandbox,
  }) => {
    const k = key();
    const before = { orders: count('orders'), charges: count('charges') };
    const body = order([cardCharge()]);
    const first = await api(sandbox, 'POST', '/orders', body, { 'x-idempotency-key': k });
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
    const second = await api(sandbox, 'POST', '/orders', reordered, { 'x-idempotency-key': k });
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.charges[0].id).toBe(first.body.charges[0].id);
    expect({ orders: count('orders'), charges: count('charges') }).toEqual({
      orders: before.orders + 1,
      charges: before.charges + 1,
    });
  });

  it('a replay is the first answer byte for byte, with the same headers but x-idempotent-replayed', async ({
    sandbox,
  }) => {
    // The raw texts, not parsed bodies: the answer is serialised once, stored, and sent as stored.
    const raw = async (path: string, body: unknown, k: string) => {
      const res = await fetch(`${sandbox.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${sandbox.token}`,
          'Content-Type': 'application/json',
          'x-idempotency-key': k,
        },
        body: JSON.stringify(body),
      });
      const headers = Object.fromEntries(
        [...res.headers].filter(([name]) => !['date', 'x-trace-id', 'x-idempotent-replayed'].includes(name)),
      );
      return {
        status: res.status,
        text: await res.text(),
        headers,
        replayed: res.headers.get('x-idempotent-replayed'),
      };
    };
    for (const [path, body] of [
      ['/orders', order([cardCharge()])],
      ['/orders', order([boletoCharge()])],
      ['/charges', subMerchantCharge()],
    ] as const) {
      const k = key();
      const first = await raw(path, body, k);
      const again = await raw(path, body, k);
      expect(first.status).toBe(201);
      expect(first.headers['content-type']).toBe('application/json');
      expect(first.replayed).toBeNull();
      expect(again).toEqual({ ...first, replayed: 'true' });
      expect(JSON.stringify(JSON.parse(first.text))).toBe(first.text);
    }
  });

  it('the same key with another body is 422 naming the header, and charges nothing', async ({ sandbox }) => {
    const k = key();
    await api(sandbox, 'POST', '/charges', subMerchantCharge({ value: 1000 }), { 'x-idempotency-key': k });
    const before = count('charges');
    const other = await api(sandbox, 'POST', '/charges', subMerchantCharge({ value: 2000 }), {
      'x-idempotency-key': k,
    });
    expect(other.status).toBe(422);
    expect(other.body.error_messages[0]).toMatchObject({ code: '42201', parameter_name: 'x-idempotency-key' });
    expect(count('charges')).toBe(before);
  });

  it('keys are per endpoint and per account', async ({ sandbox }) => {
    const k = key();
    const charge = await api(sandbox, 'POST', '/charges', subMerchantCharge(), { 'x-idempotency-key': k });
    const orderRes = await api(sandbox, 'POST', '/orders', order([cardCharge()]), { 'x-idempotency-key': k });
    expect(orderRes.status).toBe(201);
    const other = sandbox.addMerchant();
    const theirs = await api(sandbox, 'POST', '/charges', subMerchantCharge(), { 'x-idempotency-key': k }, other.token);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(charge.body.id);
  });

  it('a request that failed validation stores nothing under its key', async ({ sandbox }) => {
    const k = key();
    const bad = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 50 })]), { 'x-idempotency-key': k });
    expect(bad.status).toBe(422);
    const good = await api(sandbox, 'POST', '/orders', order([cardCharge()]), { 'x-idempotency-key': k });
    expect(good.status).toBe(201);
  });

  it('a malformed key is 400 naming the header', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/charges', subMerchantCharge(), {
      'x-idempotency-key': 'has spaces in it',
    });
    expect(res.status).toBe(400);
    expect(res.body.error_messages[0].parameter_name).toBe('x-idempotency-key');
  });

  it('a key is remembered 24 hours', async ({ sandbox }) => {
    const k = key();
    const first = await api(sandbox, 'POST', '/charges', subMerchantCharge(), { 'x-idempotency-key': k });
    sandbox.clock.advance(24 * 3600 * 1000 + 1);
    const later = await api(sandbox, 'POST', '/charges', subMerchantCharge(), { 'x-idempotency-key': k });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('POST /orders/{id}/pay takes a key too', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order());
    const k = key();
    const first = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, cardCharge(), {
      'x-idempotency-key': k,
    });
    const again = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, cardCharge(), {
      'x-idempotency-key': k,
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });
});

describe('concurrent requests with one key', () => {
  it('50 parallel POST /charges make exactly one charge, and all answer it', async ({ sandbox }) => {
    const k = key();
    const before = count('charges');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api(sandbox, 'POST', '/charges', subMerchantCharge({ value: 4321 }), { 'x-idempotency-key': k }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(count('charges')).toBe(before + 1);
    expect(results.filter((r) => r.headers.get('x-idempotent-replayed') === 'true')).toHaveLength(49);
  });

  it('50 parallel POST /orders with a 3DS id make one order and use the id once', async ({ sandbox }) => {
    const session = await createSession(sandbox);
    const authRes = await postAuthentication(sandbox, session, {
      data: authData('4000000000002370'),
      device: validDevice(),
    });
    const auth = (await authRes.json()) as { id: string };
    const body = order([
      cardCharge({
        card: card('4000000000002370', { exp_month: '12' }),
        extra: { authentication_method: { type: 'THREEDS', id: auth.id } },
      }),
    ]);
    const k = key();
    const before = count('orders');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api(sandbox, 'POST', '/orders', body, { 'x-idempotency-key': k })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results[0]!.body.charges[0].status).toBe('PAID');
    expect(count('orders')).toBe(before + 1);
  });

  it('without a key, parallel requests with one 3DS id still pay once', async ({ sandbox }) => {
    const session = await createSession(sandbox);
    const authRes = await postAuthentication(sandbox, session, {
      data: authData('4000000000002370'),
      device: validDevice(),
    });
    const auth = (await authRes.json()) as { id: string };
    const body = order([
      cardCharge({
        card: card('4000000000002370', { exp_month: '12' }),
        extra: { authentication_method: { type: 'THREEDS', id: auth.id } },
      }),
    ]);
    const before = count('charges');
    const results = await Promise.all(Array.from({ length: 20 }, () => api(sandbox, 'POST', '/orders', body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(19);
    expect(count('charges')).toBe(before + 1);
  });
});

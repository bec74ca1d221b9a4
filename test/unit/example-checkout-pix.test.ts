// The example checkout's Pix bookkeeping on its server: whose order it is, and how the server
// learns of the payment (a signed notification, or reading the order).
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GatewayCall, pixPayments } from '../../examples/checkout/pix-payments.mjs';

const SECRET = 'whsec_unit_test_secret_0123456789';
const ORDER = 'ORDE_11111111-2222-3333-4444-555555555555';
const QR = 'QRCO_11111111-2222-3333-4444-555555555555';
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/** An API that answers GET /orders/{id} with `order` and records every call. */
function fakeApi(order: { charges: unknown[]; qr_codes: unknown[] }) {
  const calls: string[] = [];
  const call: GatewayCall = async (method, path) => {
    calls.push(`${method} ${path}`);
    return { status: 200, body: method === 'GET' ? { id: ORDER, ...order } : {}, traceId: 't' };
  };
  return { call, calls };
}

const created = (expires = inMinutes(30)) => ({ id: ORDER, qr_codes: [{ id: QR, expiration_date: expires }] });
const paidCharge = { status: 'PAID', payment_method: { type: 'PIX' } };

function signed(event: object, secret = SECRET, t = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify(event);
  return { body, signature: `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}` };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('pixPayments', () => {
  it('answers only the shopper who created the order', async () => {
    const pix = pixPayments({ ...fakeApi({ charges: [], qr_codes: [] }), webhookSecret: SECRET });
    pix.track(created(), 'shopper-a');
    expect(await pix.status(ORDER, 'shopper-a')).toMatchObject({ status: 'WAITING' });
    expect(await pix.status(ORDER, 'shopper-b')).toBeUndefined();
    expect(await pix.status(ORDER, undefined)).toBeUndefined();
    expect(await pix.simulatePayment(ORDER, 'shopper-b')).toBe(404);
  });

  it('with notifications: a signed notification of the order with a paid PIX charge pays it, without reading it', async () => {
    const api = fakeApi({ charges: [], qr_codes: [] });
    const pix = pixPayments({ ...api, webhookSecret: SECRET });
    pix.track(created(), 'a');
    expect(await pix.status(ORDER, 'a')).toEqual({
      status: 'WAITING',
      secondsLeft: expect.toSatisfy((s: number) => s > 1700 && s <= 1800),
    });
    const event = { id: ORDER, charges: [paidCharge], qr_codes: [] };
    const good = signed(event);
    expect(pix.notification(good.body, signed(event, 'whsec_some_other_secret_000').signature)).toBe(401);
    expect(pix.notification(good.body, signed(event, SECRET, Math.floor(Date.now() / 1000) - 301).signature)).toBe(401);
    expect(pix.notification(good.body, undefined)).toBe(401);
    expect(await pix.status(ORDER, 'a')).toMatchObject({ status: 'WAITING' });
    expect(pix.notification(good.body, good.signature)).toBe(204);
    expect(await pix.status(ORDER, 'a')).toEqual({ status: 'PAID' });
    expect(api.calls).toEqual([]);
  });

  it('a notification lost: while the shopper waits the order is read, at most once every 10 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const order = { charges: [] as unknown[], qr_codes: [{ id: QR, expiration_date: inMinutes(30) }] };
    const api = fakeApi(order);
    const pix = pixPayments({ ...api, webhookSecret: SECRET });
    pix.track(created(), 'a');
    order.charges.push(paidCharge);
    vi.advanceTimersByTime(9_999);
    expect(await pix.status(ORDER, 'a')).toMatchObject({ status: 'WAITING' });
    expect(api.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(await pix.status(ORDER, 'a')).toEqual({ status: 'PAID' });
    expect(api.calls).toEqual([`GET /orders/${ORDER}`]);
  });

  it('other notifications and other orders are acknowledged and change nothing', async () => {
    const pix = pixPayments({ ...fakeApi({ charges: [], qr_codes: [] }), webhookSecret: SECRET });
    pix.track(created(), 'a');
    for (const event of [
      { id: ORDER, charges: [{ ...paidCharge, status: 'CANCELED' }] },
      { id: ORDER, charges: [{ status: 'PAID', payment_method: { type: 'BOLETO' } }] },
      { id: 'ORDE_other', charges: [paidCharge] },
      { id: ORDER },
    ]) {
      const { body, signature } = signed(event);
      expect(pix.notification(body, signature)).toBe(204);
    }
    expect(await pix.status(ORDER, 'a')).toMatchObject({ status: 'WAITING' });
  });

  it('without a webhook secret: no notification is trusted, and every question reads the order', async () => {
    const order = { charges: [] as unknown[], qr_codes: [{ id: QR, expiration_date: inMinutes(30) }] };
    const api = fakeApi(order);
    const pix = pixPayments(api);
    expect(pix.notificationUrls('http://shop')).toEqual([]);
    pix.track(created(), 'a');
    const { body, signature } = signed({ id: ORDER, charges: [paidCharge] });
    expect(pix.notification(body, signature)).toBe(401);
    expect(await pix.status(ORDER, 'a')).toMatchObject({ status: 'WAITING' });
    order.charges.push(paidCharge);
    expect(await pix.status(ORDER, 'a')).toEqual({ status: 'PAID' });
    expect(api.calls).toEqual([`GET /orders/${ORDER}`, `GET /orders/${ORDER}`]);
  });

  it('time up: the order is read for the last word; unpaid it is EXPIRED, paid in its last second it is PAID', async () => {
    const order = { charges: [] as unknown[], qr_codes: [{ id: QR, expiration_date: inMinutes(-1) }] };
    const api = fakeApi(order);
    const pix = pixPayments({ ...api, webhookSecret: SECRET });
    pix.track(created(inMinutes(-1)), 'a');
    expect(await pix.status(ORDER, 'a')).toEqual({ status: 'EXPIRED' });
    order.charges.push(paidCharge);
    expect(await pix.status(ORDER, 'a')).toEqual({ status: 'PAID' });
    expect(api.calls).toHaveLength(2);
  });

  it("an expiry the API moved earlier (the sandbox's simulator) is the one that counts", async () => {
    const pix = pixPayments(fakeApi({ charges: [], qr_codes: [{ id: QR, expiration_date: inMinutes(-1) }] }));
    pix.track(created(inMinutes(30)), 'a');
    expect(await pix.status(ORDER, 'a')).toEqual({ status: 'EXPIRED' });
  });

  it('the sandbox payment goes to the simulator with the QR code id; the page never names it', async () => {
    const api = fakeApi({ charges: [], qr_codes: [] });
    const pix = pixPayments({ ...api, webhookSecret: SECRET });
    pix.track(created(), 'a');
    expect(pix.notificationUrls('http://shop')).toEqual(['http://shop/api/notifications']);
    expect(await pix.simulatePayment(ORDER, 'a')).toBe(200);
    expect(api.calls).toEqual([`POST /sandbox/qr-codes/${QR}/pay`]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { api, boletoCharge, cardCharge, order, type ApiCall } from './support/payments';

let sandbox: Sandbox;
let other: { id: string; token: string };

beforeAll(async () => {
  sandbox = await startSandbox();
  other = sandbox.addMerchant();
});
afterAll(() => sandbox.close());

/** Another account's resource must answer exactly as an unknown id does, so ids cannot be probed. */
async function expectLikeUnknown(res: ApiCall, unknownPath: string, body?: unknown) {
  expect(res.status).toBe(404);
  expect(res.body.error_messages[0].code).toBe('40401');
  const unknown = await api(sandbox, 'POST', unknownPath, body, {}, other.token);
  expect(res.body).toEqual(unknown.body);
}

const UNKNOWN_CHARGE = 'CHAR_00000000-0000-4000-8000-000000000000';
const UNKNOWN_ORDER = 'ORDE_00000000-0000-4000-8000-000000000000';
const read = async (path: string) => (await api(sandbox, 'GET', path)).body;

describe("another merchant's charges and orders are 404 and stay as they were", () => {
  it('POST /charges/{id}/capture', async () => {
    const id = (await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false })]))).body.charges[0].id;
    await expectLikeUnknown(
      await api(sandbox, 'POST', `/charges/${id}/capture`, undefined, {}, other.token),
      `/charges/${UNKNOWN_CHARGE}/capture`,
    );
    await expectLikeUnknown(
      await api(sandbox, 'POST', `/charges/${id}/capture`, { amount: { value: 5000 } }, {}, other.token),
      `/charges/${UNKNOWN_CHARGE}/capture`,
      {
        amount: { value: 5000 },
      },
    );
    expect(await read(`/charges/${id}`)).toMatchObject({ status: 'AUTHORIZED', amount: { summary: { paid: 0 } } });
  });

  it('POST /charges/{id}/cancel, of an authorization and of a paid charge', async () => {
    const authorized = (await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false })]))).body.charges[0]
      .id;
    const paid = (await api(sandbox, 'POST', '/orders', order([cardCharge()]))).body.charges[0].id;
    for (const id of [authorized, paid]) {
      await expectLikeUnknown(
        await api(sandbox, 'POST', `/charges/${id}/cancel`, undefined, {}, other.token),
        `/charges/${UNKNOWN_CHARGE}/cancel`,
      );
    }
    await expectLikeUnknown(
      await api(sandbox, 'POST', `/charges/${paid}/cancel`, { amount: { value: 1000 } }, {}, other.token),
      `/charges/${UNKNOWN_CHARGE}/cancel`,
      {
        amount: { value: 1000 },
      },
    );
    expect((await read(`/charges/${authorized}`)).status).toBe('AUTHORIZED');
    expect(await read(`/charges/${paid}`)).toMatchObject({ status: 'PAID', amount: { summary: { refunded: 0 } } });
  });

  it('POST /orders/{id}/pay', async () => {
    const id = (await api(sandbox, 'POST', '/orders', order())).body.id;
    await expectLikeUnknown(
      await api(sandbox, 'POST', `/orders/${id}/pay`, cardCharge(), {}, other.token),
      `/orders/${UNKNOWN_ORDER}/pay`,
      cardCharge(),
    );
    expect((await read(`/orders/${id}`)).charges).toEqual([]);
    // The owner still can: the order was left payable.
    expect((await api(sandbox, 'POST', `/orders/${id}/pay`, cardCharge())).status).toBe(201);
  });

  it('the boleto simulator: POST /sandbox/charges/{id}/boleto/pay and /expire', async () => {
    const id = (await api(sandbox, 'POST', '/orders', order([boletoCharge()]))).body.charges[0].id;
    for (const outcome of ['pay', 'expire']) {
      await expectLikeUnknown(
        await api(sandbox, 'POST', `/sandbox/charges/${id}/boleto/${outcome}`, undefined, {}, other.token),
        `/sandbox/charges/${UNKNOWN_CHARGE}/boleto/${outcome}`,
      );
    }
    expect((await read(`/charges/${id}`)).status).toBe('WAITING');
  });
});

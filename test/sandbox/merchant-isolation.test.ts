import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { api, boletoCharge, cardCharge, order, type ApiCall } from './support/payments';
import { it } from './support/sandbox-test';

let other: { id: string; token: string };

it.beforeAll(({ sandbox }) => {
  other = sandbox.addMerchant();
});

/** Another account's resource must answer exactly as an unknown id does, so ids cannot be probed. */
async function expectLikeUnknown(sandbox: Sandbox, res: ApiCall, unknownPath: string, body?: unknown) {
  expect(res.status).toBe(404);
  expect(res.body.error_messages[0].code).toBe('40401');
  const unknown = await api(sandbox, 'POST', unknownPath, body, {}, other.token);
  expect(res.body).toEqual(unknown.body);
}

const UNKNOWN_CHARGE = 'CHAR_00000000-0000-4000-8000-000000000000';
const UNKNOWN_ORDER = 'ORDE_00000000-0000-4000-8000-000000000000';
const read = async (sandbox: Sandbox, path: string) => (await api(sandbox, 'GET', path)).body;

describe("another merchant's charges and orders are 404 and stay as they were", () => {
  it('POST /charges/{id}/capture', async ({ sandbox }) => {
    const id = (await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false })]))).body.charges[0].id;
    await expectLikeUnknown(
      sandbox,
      await api(sandbox, 'POST', `/charges/${id}/capture`, undefined, {}, other.token),
      `/charges/${UNKNOWN_CHARGE}/capture`,
    );
    await expectLikeUnknown(
      sandbox,
      await api(sandbox, 'POST', `/charges/${id}/capture`, { amount: { value: 5000 } }, {}, other.token),
      `/charges/${UNKNOWN_CHARGE}/capture`,
      {
        amount: { value: 5000 },
      },
    );
    expect(await read(sandbox, `/charges/${id}`)).toMatchObject({
      status: 'AUTHORIZED',
      amount: { summary: { paid: 0 } },
    });
  });

  it('POST /charges/{id}/cancel, of an authorization and of a paid charge', async ({ sandbox }) => {
    const authorized = (await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false })]))).body.charges[0]
      .id;
    const paid = (await api(sandbox, 'POST', '/orders', order([cardCharge()]))).body.charges[0].id;
    for (const id of [authorized, paid]) {
      await expectLikeUnknown(
        sandbox,
        await api(sandbox, 'POST', `/charges/${id}/cancel`, undefined, {}, other.token),
        `/charges/${UNKNOWN_CHARGE}/cancel`,
      );
    }
    await expectLikeUnknown(
      sandbox,
      await api(sandbox, 'POST', `/charges/${paid}/cancel`, { amount: { value: 1000 } }, {}, other.token),
      `/charges/${UNKNOWN_CHARGE}/cancel`,
      {
        amount: { value: 1000 },
      },
    );
    expect((await read(sandbox, `/charges/${authorized}`)).status).toBe('AUTHORIZED');
    expect(await read(sandbox, `/charges/${paid}`)).toMatchObject({
      status: 'PAID',
      amount: { summary: { refunded: 0 } },
    });
  });

  it('POST /orders/{id}/pay', async ({ sandbox }) => {
    const id = (await api(sandbox, 'POST', '/orders', order())).body.id;
    await expectLikeUnknown(
      sandbox,
      await api(sandbox, 'POST', `/orders/${id}/pay`, cardCharge(), {}, other.token),
      `/orders/${UNKNOWN_ORDER}/pay`,
      cardCharge(),
    );
    expect((await read(sandbox, `/orders/${id}`)).charges).toEqual([]);
    // The owner still can: the order was left payable.
    expect((await api(sandbox, 'POST', `/orders/${id}/pay`, cardCharge())).status).toBe(201);
  });

  it('the boleto simulator: POST /sandbox/charges/{id}/boleto/pay and /expire', async ({ sandbox }) => {
    const id = (await api(sandbox, 'POST', '/orders', order([boletoCharge()]))).body.charges[0].id;
    for (const outcome of ['pay', 'expire']) {
      await expectLikeUnknown(
        sandbox,
        await api(sandbox, 'POST', `/sandbox/charges/${id}/boleto/${outcome}`, undefined, {}, other.token),
        `/sandbox/charges/${UNKNOWN_CHARGE}/boleto/${outcome}`,
      );
    }
    expect((await read(sandbox, `/charges/${id}`)).status).toBe('WAITING');
  });
});

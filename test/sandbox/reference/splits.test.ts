import { describe, expect } from 'vitest';
import { api, cardCharge, errorOf, order, paramsOf } from '../support/payments';
import { it } from '../support/sandbox-test';

// Splits of a charge among receiving accounts, as the provider's reference documents them
// (docs/splits.md): bodies written here from the documented fields.

const SELLER = 'ACCO_1b0a1e3c-7b7d-4f1e-9a52-2f1f8f0f6b11';
// The reference's examples name accounts ACCO_12345.
const PLATFORM = 'ACCO_12345';
const COURIER = 'ACCO_3d2c3a5e-9d9f-4b3a-9c74-4b3b0b2b8d33';
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;

const receiver = (id: string, value: number, extra: Record<string, unknown> = {}) => ({
  account: { id },
  amount: { value },
  ...extra,
});

const splitCharge = (splits: unknown, patch: Record<string, unknown> = {}) => ({ ...cardCharge(patch), splits });

describe('a charge with splits', () => {
  it('answers the split on the charge, and GET /splits/{id} each share, custody held until released', async ({
    sandbox,
  }) => {
    const splits = {
      method: 'FIXED',
      receivers: [
        receiver(SELLER, 9_000, {
          reason: 'Venda',
          configurations: {
            liable: true,
            chargeback: { charge_transfer: { percentage: 100 } },
            custody: { apply: true },
          },
        }),
        receiver(PLATFORM, 1_000, { configurations: { liable: false, custody: { apply: false } } }),
      ],
    };
    const res = await api(sandbox, 'POST', '/orders', order([splitCharge(splits)]));
    expect(res.status).toBe(201);
    const charge = res.body.charges[0];
    expect(charge.status).toBe('PAID');
    expect(charge.splits).toEqual({ id: expect.stringMatching(/^SPLI_[0-9a-f-]{36}$/), ...splits });

    const split = await api(sandbox, 'GET', `/splits/${charge.splits.id}`);
    expect(split.status).toBe(200);
    expect(split.body).toEqual({
      id: charge.splits.id,
      charge_id: charge.id,
      method: 'FIXED',
      status: 'PROCESSED',
      created_at: expect.stringMatching(TIMESTAMP),
      receivers: [
        {
          account: { id: SELLER },
          amount: { value: 9_000, summary: { total: 9_000, refunded: 0 } },
          reason: 'Venda',
          configurations: {
            liable: true,
            chargeback: { charge_transfer: { percentage: 100 } },
            custody: { apply: true, status: 'HELD' },
          },
        },
        {
          account: { id: PLATFORM },
          amount: { value: 1_000, summary: { total: 1_000, refunded: 0 } },
          configurations: { liable: false, custody: { apply: false } },
        },
      ],
    });

    const released = await api(sandbox, 'POST', `/splits/${charge.splits.id}/custody/release`);
    expect(released.status).toBe(200);
    expect(released.body.receivers[0].configurations.custody).toEqual({
      apply: true,
      status: 'RELEASED',
      released_at: expect.stringMatching(TIMESTAMP),
    });
    expect((await api(sandbox, 'GET', `/splits/${charge.splits.id}`)).body).toEqual(released.body);
    const again = await api(sandbox, 'POST', `/splits/${charge.splits.id}/custody/release`);
    expect(again.status).toBe(409);
    // The console's request log finds the split's requests by its id.
    const log = await api(sandbox, 'GET', `/sandbox/requests?resource=${charge.splits.id}`);
    expect(log.status).toBe(200);
    expect(log.body.requests.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`GET /splits/${charge.splits.id}`, `POST /splits/${charge.splits.id}/custody/release`]),
    );
  });

  it('divides by percentage in whole cents, and refunds follow the split', async ({ sandbox }) => {
    const splits = {
      method: 'PERCENTAGE',
      receivers: [receiver(SELLER, 33.33), receiver(PLATFORM, 33.33), receiver(COURIER, 33.34)],
    };
    const res = await api(sandbox, 'POST', '/charges', splitCharge(splits, { value: 10_001 }));
    expect(res.status).toBe(201);
    const shares = async () =>
      (await api(sandbox, 'GET', `/splits/${res.body.splits.id}`)).body.receivers.map(
        (r: { amount: { summary: unknown } }) => r.amount.summary,
      );
    // 33,33 % of 100,01 is 33,333…: cents rounded down, the one left over to the largest remainder.
    expect(await shares()).toEqual([
      { total: 3_333, refunded: 0 },
      { total: 3_333, refunded: 0 },
      { total: 3_335, refunded: 0 },
    ]);
    const partial = await api(sandbox, 'POST', `/charges/${res.body.id}/cancel`, { amount: { value: 1_000 } });
    expect(partial.status).toBe(201);
    expect(await shares()).toEqual([
      { total: 3_333, refunded: 333 },
      { total: 3_333, refunded: 333 },
      { total: 3_335, refunded: 334 },
    ]);
    await api(sandbox, 'POST', `/charges/${res.body.id}/cancel`);
    const after = await api(sandbox, 'GET', `/splits/${res.body.splits.id}`);
    expect(after.body.status).toBe('CANCELED');
    expect(
      after.body.receivers.map((r: { amount: { summary: { refunded: number } } }) => r.amount.summary.refunded),
    ).toEqual([3_333, 3_333, 3_335]);
  });

  it('is PENDING while the charge is authorized; a partial capture is split; custody waits for the payment', async ({
    sandbox,
  }) => {
    const splits = {
      method: 'FIXED',
      receivers: [receiver(SELLER, 7_000, { configurations: { custody: { apply: true } } }), receiver(PLATFORM, 3_000)],
    };
    const res = await api(sandbox, 'POST', '/charges', splitCharge(splits, { capture: false }));
    expect(res.body.status).toBe('AUTHORIZED');
    expect((await api(sandbox, 'GET', `/splits/${res.body.splits.id}`)).body.status).toBe('PENDING');
    const early = await api(sandbox, 'POST', `/splits/${res.body.splits.id}/custody/release`);
    expect(early.status).toBe(409);
    expect(early.body.error_messages[0].description).toContain('AUTHORIZED');
    await api(sandbox, 'POST', `/charges/${res.body.id}/capture`, { amount: { value: 5_000 } });
    const captured = await api(sandbox, 'GET', `/splits/${res.body.splits.id}`);
    expect(captured.body.status).toBe('PROCESSED');
    expect(
      captured.body.receivers.map((r: { amount: { summary: { total: number } } }) => r.amount.summary.total),
    ).toEqual([3_500, 1_500]);
    expect((await api(sandbox, 'POST', `/splits/${res.body.splits.id}/custody/release`)).status).toBe(200);
  });

  it('names what does not add up or repeats, and answers 404 for an unknown or another account’s split', async ({
    sandbox,
  }) => {
    const send = (splits: unknown) => api(sandbox, 'POST', '/orders', order([splitCharge(splits)]));
    const short = await send({ method: 'FIXED', receivers: [receiver(SELLER, 9_000), receiver(PLATFORM, 500)] });
    expect(short.status).toBe(400);
    expect(errorOf(short, 'charges[0].splits.receivers')?.description).toContain('must add up to amount.value (10000)');
    const pct = await send({ method: 'PERCENTAGE', receivers: [receiver(SELLER, 60), receiver(PLATFORM, 30)] });
    expect(errorOf(pct, 'charges[0].splits.receivers')?.description).toContain('add up to 90');
    const twice = await send({ method: 'FIXED', receivers: [receiver(SELLER, 5_000), receiver(SELLER, 5_000)] });
    expect(paramsOf(twice)).toEqual(['charges[0].splits.receivers[1].account.id']);
    const fraction = await send({ method: 'FIXED', receivers: [receiver(SELLER, 9_999.5), receiver(PLATFORM, 0.5)] });
    expect(paramsOf(fraction)).toContain('charges[0].splits.receivers[0].amount.value');
    const account = await send({ method: 'FIXED', receivers: [receiver('seller-1', 10_000)] });
    expect(errorOf(account, 'charges[0].splits.receivers[0].account.id')?.description).toContain('ACCO_ and 1 to 64');
    const method = await send({ method: 'EQUAL', receivers: [receiver(SELLER, 10_000)] });
    expect(paramsOf(method)).toContain('charges[0].splits.method');

    expect((await api(sandbox, 'GET', '/splits/SPLI_4e8c8c9e-1b7e-4d0a-9a52-2f1f8f0f6b11')).status).toBe(404);
    const mine = await api(
      sandbox,
      'POST',
      '/orders',
      order([splitCharge({ method: 'FIXED', receivers: [receiver(SELLER, 10_000)] })]),
    );
    const other = sandbox.addMerchant();
    const theirs = await api(sandbox, 'GET', `/splits/${mine.body.charges[0].splits.id}`, undefined, {}, other.token);
    expect(theirs.status).toBe(404);
  });
});

describe('a Pix order with splits', () => {
  it('keeps the split on its QR code, and the charge its payment makes carries it', async ({ sandbox }) => {
    const splits = { method: 'FIXED', receivers: [receiver(SELLER, 6_000), receiver(PLATFORM, 4_000)] };
    const created = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 10_000 }, splits }] }),
    );
    expect(created.status).toBe(201);
    expect(created.body.qr_codes[0].splits).toEqual(splits);
    const paid = await api(sandbox, 'POST', `/sandbox/qr-codes/${created.body.qr_codes[0].id}/pay`);
    expect(paid.status).toBe(200);
    const charge = paid.body.charges[0];
    expect(charge.payment_method.type).toBe('PIX');
    expect(charge.splits).toMatchObject({ id: expect.stringMatching(/^SPLI_/), ...splits });
    const split = await api(sandbox, 'GET', `/splits/${charge.splits.id}`);
    expect(split.body).toMatchObject({ status: 'PROCESSED', charge_id: charge.id });
    const wrong = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 10_000 }, splits: { ...splits, method: 'PERCENTAGE' } }] }),
    );
    expect(wrong.status).toBe(400);
    expect(paramsOf(wrong)).toContain('qr_codes[0].splits.receivers[0].amount.value');
  });
});

describe('the console', () => {
  it("shows a split's requests on its charge's timeline: the read of the split and its custody release", async ({
    sandbox,
  }) => {
    const splits = {
      method: 'FIXED',
      receivers: [receiver(SELLER, 9_000, { configurations: { custody: { apply: true } } }), receiver(PLATFORM, 1_000)],
    };
    const charge = (await api(sandbox, 'POST', '/orders', order([splitCharge(splits)]))).body.charges[0];
    await api(sandbox, 'GET', `/splits/${charge.splits.id}`);
    await api(sandbox, 'POST', `/splits/${charge.splits.id}/custody/release`);
    const timeline = await api(sandbox, 'GET', `/sandbox/resources/${charge.id}`);
    expect(timeline.status).toBe(200);
    const paths = (timeline.body.timeline as Array<{ type: string; request?: { method: string; path: string } }>)
      .filter((e) => e.type === 'request')
      .map((e) => `${e.request!.method} ${e.request!.path}`);
    expect(paths).toEqual([
      'POST /orders',
      `GET /splits/${charge.splits.id}`,
      `POST /splits/${charge.splits.id}/custody/release`,
    ]);
  });
});

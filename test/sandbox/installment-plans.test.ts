// GET /charges/fees/calculate and the plan table behind it (docs/orders-and-charges.md#installment-plans):
// a property over values, limits and rates, then the endpoint, the setting, and an order paying a plan.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { cardMinimumProblem } from '../../src/sandbox/charges/card-minimums';
import { installmentPlans, type PlanTerms } from '../../src/sandbox/charges/installment-plans';
import { MerchantStore } from '../../src/sandbox/merchants/merchant-store';
import { migrate, schemaVersion } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { MAX_AMOUNT_CENTS } from '../../src/sandbox/values/money';
import { api, card, cardCharge, errorOf, order, paramsOf } from './support/payments';
import { authData, createSession, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

const terms = fc
  .record({
    value: fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: MAX_AMOUNT_CENTS })),
    maxInstallments: fc.integer({ min: 1, max: 12 }),
    noInterest: fc.integer({ min: 0, max: 12 }),
    monthlyRateBp: fc.integer({ min: 1, max: 1000 }),
  })
  .map(
    ({ noInterest, ...t }): PlanTerms => ({ ...t, maxInstallmentsNoInterest: Math.min(noInterest, t.maxInstallments) }),
  );

/** The Price table installment in floating point: the exact one is within a cent of it. */
const pricePmt = (value: number, n: number, rateBp: number) => {
  const i = rateBp / 10_000;
  return (value * i) / (1 - (1 + i) ** -n);
};

describe('the installment plan table', () => {
  it('is consistent for any value, limits and rate, and offers exactly the plans a card charge accepts', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const plans = installmentPlans(t);
        const counts = plans.map((p) => p.installments);
        expect(counts[0]).toBe(1);
        expect(counts).toEqual([...counts].sort((a, b) => a - b));
        expect(new Set(counts).size).toBe(counts.length);
        for (let n = 2; n <= 12; n++) {
          const plan = plans.find((p) => p.installments === n);
          if (n > t.maxInstallments) {
            expect(plan).toBeUndefined();
            continue;
          }
          // Offered exactly when the charge of the plan's amount in n installments passes the card minimums.
          const wouldBe = plan?.amount.value ?? (n <= t.maxInstallmentsNoInterest ? t.value : undefined);
          if (wouldBe !== undefined && wouldBe <= MAX_AMOUNT_CENTS)
            expect(cardMinimumProblem('mastercard', wouldBe, n) === undefined, `${n}x of ${wouldBe}`).toBe(!!plan);
        }
        for (const p of plans) {
          const { installments: n, installment_value: each, interest_free: free, amount } = p;
          expect(amount.fees.buyer.interest.total).toBe(amount.value - t.value);
          expect(amount.value).toBeLessThanOrEqual(MAX_AMOUNT_CENTS);
          expect(free).toBe(n === 1 || n <= t.maxInstallmentsNoInterest);
          if (n > 1) expect(each).toBeGreaterThanOrEqual(500);
          if (free) {
            expect(amount.value).toBe(t.value);
            // Rounded up to the cent: n installments cover the price, and one cent less would not.
            expect(each * n).toBeGreaterThanOrEqual(t.value);
            expect((each - 1) * n).toBeLessThan(t.value);
          } else {
            expect(amount.value).toBe(each * n);
            expect(amount.value).toBeGreaterThan(t.value);
            const exact = pricePmt(t.value, n, t.monthlyRateBp);
            expect(each).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(each).toBeLessThanOrEqual(Math.ceil(exact) + 1);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the example cart (R$ 134,80, 3x sem juros, 2,99 % a.m.): the table a shopper reads', () => {
    const plans = installmentPlans({
      value: 13_480,
      maxInstallments: 12,
      maxInstallmentsNoInterest: 3,
      monthlyRateBp: 299,
    });
    expect(plans.map((p) => [p.installments, p.installment_value, p.amount.value])).toEqual([
      [1, 13_480, 13_480],
      [2, 6_740, 13_480],
      [3, 4_494, 13_480],
      [4, 3_626, 14_504],
      [5, 2_943, 14_715],
      [6, 2_488, 14_928],
      [7, 2_163, 15_141],
      [8, 1_920, 15_360],
      [9, 1_731, 15_579],
      [10, 1_580, 15_800],
      [11, 1_457, 16_027],
      // PagBank's published 12x coefficient at 2,99 % a.m. is 0.10040: 134,80 × 0.10040 = 13,53… → 13,54.
      [12, 1_354, 16_248],
    ]);
  });
});

const fees = (sandbox: Sandbox, query: string, token?: string) =>
  api(sandbox, 'GET', `/charges/fees/calculate?${query}`, undefined, {}, token);

describe('GET /charges/fees/calculate', () => {
  it('answers the plans of the BIN’s network, in the provider’s shape', async ({ sandbox }) => {
    const res = await fees(
      sandbox,
      'payment_methods=CREDIT_CARD&value=13480&max_installments=4&max_installments_no_interest=3&credit_card_bin=520000',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payment_methods: {
        credit_card: {
          mastercard: {
            installment_plans: [
              ...[1, 2, 3].map((n) => ({
                installments: n,
                installment_value: Math.ceil(13_480 / n),
                interest_free: true,
                amount: {
                  value: 13_480,
                  currency: 'BRL',
                  fees: { buyer: { interest: { total: 0, installments: n } } },
                },
              })),
              {
                installments: 4,
                installment_value: 3_626,
                interest_free: false,
                amount: {
                  value: 14_504,
                  currency: 'BRL',
                  fees: { buyer: { interest: { total: 1_024, installments: 4 } } },
                },
              },
            ],
          },
        },
      },
    });
  });

  it('without a BIN answers every network the sandbox knows; defaults 12 plans, 1 without interest', async ({
    sandbox,
  }) => {
    const res = await fees(sandbox, 'payment_methods=CREDIT_CARD&value=100000');
    expect(Object.keys(res.body.payment_methods.credit_card).sort()).toEqual([
      'amex',
      'diners',
      'discover',
      'elo',
      'hipercard',
      'jcb',
      'mastercard',
      'visa',
    ]);
    const plans = res.body.payment_methods.credit_card.visa.installment_plans;
    expect(plans).toHaveLength(12);
    expect(plans.filter((p: { interest_free: boolean }) => p.interest_free)).toHaveLength(1);
  });

  it('leaves out plans under the R$ 5,00 installment; plan 1 stays even under it', async ({ sandbox }) => {
    const few = await fees(
      sandbox,
      'payment_methods=CREDIT_CARD&value=1499&max_installments_no_interest=12&credit_card_bin=411111',
    );
    expect(
      few.body.payment_methods.credit_card.visa.installment_plans.map((p: { installments: number }) => p.installments),
    ).toEqual([1, 2]);
    const tiny = await fees(sandbox, 'payment_methods=CREDIT_CARD&value=50&credit_card_bin=411111');
    expect(tiny.body.payment_methods.credit_card.visa.installment_plans).toHaveLength(1);
  });

  it('takes max_installments_no_interest=0 as public integrations send it: the plans of 1, paying at once at the price', async ({
    sandbox,
  }) => {
    const query = 'payment_methods=CREDIT_CARD&value=13480&max_installments=4&credit_card_bin=520000';
    const none = await fees(sandbox, `${query}&max_installments_no_interest=0`);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    const plans = none.body.payment_methods.credit_card.mastercard.installment_plans;
    expect(plans[0]).toEqual({
      installments: 1,
      installment_value: 13_480,
      interest_free: true,
      amount: { value: 13_480, currency: 'BRL', fees: { buyer: { interest: { total: 0, installments: 1 } } } },
    });
    expect(plans.slice(1).every((p: { interest_free: boolean }) => !p.interest_free)).toBe(true);
    expect(none.body).toEqual((await fees(sandbox, `${query}&max_installments_no_interest=1`)).body);
  });

  it('answers 400 naming each bad or missing parameter, 401 without a token', async ({ sandbox }) => {
    const cases: Array<[string, string, string]> = [
      ['value=1000', 'payment_methods', '40001'],
      ['payment_methods=PIX&value=1000', 'payment_methods', '40002'],
      ['payment_methods=CREDIT_CARD', 'value', '40001'],
      ['payment_methods=CREDIT_CARD&value=10.5', 'value', '40002'],
      ['payment_methods=CREDIT_CARD&value=0', 'value', '40002'],
      ['payment_methods=CREDIT_CARD&value=1000&max_installments=13', 'max_installments', '40002'],
      ['payment_methods=CREDIT_CARD&value=1000&max_installments=0', 'max_installments', '40002'],
      [
        'payment_methods=CREDIT_CARD&value=1000&max_installments_no_interest=-1',
        'max_installments_no_interest',
        '40002',
      ],
      [
        'payment_methods=CREDIT_CARD&value=1000&max_installments_no_interest=1.5',
        'max_installments_no_interest',
        '40002',
      ],
      [
        'payment_methods=CREDIT_CARD&value=1000&max_installments=3&max_installments_no_interest=4',
        'max_installments_no_interest',
        '40002',
      ],
      ['payment_methods=CREDIT_CARD&value=1000&credit_card_bin=4111', 'credit_card_bin', '40002'],
      ['payment_methods=CREDIT_CARD&value=1000&credit_card_bin=999999', 'credit_card_bin', '40002'],
      ['payment_methods=CREDIT_CARD&value=1000&value=2000', 'value', '40002'],
      ['payment_methods=CREDIT_CARD&value=1000&installments=3', 'installments', '40003'],
    ];
    for (const [query, parameter, code] of cases) {
      const res = await fees(sandbox, query);
      expect(res.status, query).toBe(400);
      expect(paramsOf(res), query).toEqual([parameter]);
      expect(errorOf(res, parameter)?.code, query).toBe(code);
    }
    const anonymous = await fetch(`${sandbox.apiUrl}/charges/fees/calculate?payment_methods=CREDIT_CARD&value=1000`);
    expect(anonymous.status).toBe(401);
  });

  it('uses the account’s rate, which the settings change (0.01 to 10 % a month)', async ({ sandbox }) => {
    const settings = await api(sandbox, 'GET', '/sandbox/merchant/settings');
    expect(settings.body.installment_interest_rate).toBe(2.99);
    const changed = await api(sandbox, 'POST', '/sandbox/merchant/settings', { installment_interest_rate: 1.5 });
    expect(changed.body.installment_interest_rate).toBe(1.5);
    const res = await fees(
      sandbox,
      'payment_methods=CREDIT_CARD&value=100000&max_installments=2&credit_card_bin=411111',
    );
    // 1 000,00 in 2x at 1,5 % a.m.: 1000 × 0.015 / (1 − 1.015^−2) = 511,2779… → 511,28 each.
    expect(res.body.payment_methods.credit_card.visa.installment_plans[1]).toMatchObject({
      installment_value: 51_128,
      amount: { value: 102_256, fees: { buyer: { interest: { total: 2_256, installments: 2 } } } },
    });
    for (const bad of [0, 10.01, 2.999, '2.99', -1]) {
      const refused = await api(sandbox, 'POST', '/sandbox/merchant/settings', { installment_interest_rate: bad });
      expect(refused.status, String(bad)).toBe(400);
      expect(paramsOf(refused)).toEqual(['installment_interest_rate']);
    }
    await api(sandbox, 'POST', '/sandbox/merchant/settings', { installment_interest_rate: 2.99 });
  });
});

describe('an order pays a plan with interest', () => {
  it('12x: the 3DS authentication and the charge are for the plan’s amount, and the charge is PAID', async ({
    sandbox,
  }) => {
    const res = await fees(
      sandbox,
      'payment_methods=CREDIT_CARD&value=13480&max_installments_no_interest=3&credit_card_bin=400000',
    );
    const plan = res.body.payment_methods.credit_card.visa.installment_plans.at(-1);
    expect(plan).toMatchObject({ installments: 12, interest_free: false });
    const session = await createSession(sandbox);
    const authRes = await postAuthentication(sandbox, session, {
      data: authData('4000000000002370', { installments: 12, value: plan.amount.value }),
      device: validDevice(),
    });
    const auth = (await authRes.json()) as { id: string; status: string };
    expect(auth.status).toBe('AUTH_FLOW_COMPLETED');
    const charge = (value: number) =>
      cardCharge({
        value,
        installments: 12,
        card: card('4000000000002370', { exp_month: '12' }),
        extra: { authentication_method: { type: 'THREEDS', id: auth.id } },
      });
    // The price without the interest is not what was authenticated: refused, and the authentication stays unused.
    const short = await api(sandbox, 'POST', '/orders', order([charge(13_480)]));
    expect(short.status).toBe(422);
    const paid = await api(sandbox, 'POST', '/orders', order([charge(plan.amount.value)]));
    expect(paid.status).toBe(201);
    expect(paid.body.charges[0]).toMatchObject({
      status: 'PAID',
      amount: { value: plan.amount.value },
      payment_method: { installments: 12 },
    });
  });
});

describe('schema version 5', () => {
  it('gives the accounts of a version 4 file the default rate, 2,99 % a month, once', () => {
    const db = new Database(':memory:');
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 4));
    db.prepare(
      `INSERT INTO merchants (id, name, token_hash, webhook_secret, created_at) VALUES ('MERC_old', 'old', 'h', 'whsec_x', '2026-01-01T00:00:00.000Z')`,
    ).run();
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 5));
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 5));
    expect(schemaVersion(db)).toBe(5);
    expect(db.prepare('SELECT installment_rate_bp FROM merchants').get()).toEqual({ installment_rate_bp: 299 });
    // The store reads the columns of every later version too.
    migrate(db, SCHEMA_MIGRATIONS);
    const store = new MerchantStore(db);
    expect(store.get('MERC_old')?.installmentRateBp).toBe(299);
    expect(store.update('MERC_old', { installmentRateBp: 150 })?.installmentRateBp).toBe(150);
    db.close();
  });
});

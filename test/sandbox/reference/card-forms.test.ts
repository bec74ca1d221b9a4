import { describe, expect } from 'vitest';
import { api, cardCharge, errorOf, order, paramsOf } from '../support/payments';
import { it } from '../support/sandbox-test';

// The card forms of the provider's reference (docs/orders-and-charges.md#card-forms), each sent as
// the reference documents it (bodies written here from its fields), with the outcomes of the
// sandbox's test cards.

const FRICTIONLESS = '4000000000002370';
const DECLINED = '4000000000000002';

/** A card charge with the given `card` and `payment_method` fields beside it. */
const charge = (card: Record<string, unknown>, extra: Record<string, unknown> = {}, type = 'CREDIT_CARD') =>
  cardCharge({ type, card, extra });

const networkToken = (number = FRICTIONLESS, extra: Record<string, unknown> = {}) => ({
  network_token: number,
  exp_month: 12,
  exp_year: 2031,
  security_code: '123',
  holder: { name: 'Jose da Silva' },
  token_data: {
    requestor_id: '40010030273',
    wallet: 'APPLE_PAY',
    cryptogram: 'AkHcvSMWz5xvAAUgGbYIAoABFA==',
    ecommerce_domain: 'br.com.loja',
    assurance_level: 0,
  },
  ...extra,
});

const external3ds = (eci = '05', extra: Record<string, unknown> = {}) => ({
  type: 'THREEDS',
  cavv: 'BwABBylVaQAAAAFwllVpAAAAAAA=',
  eci,
  xid: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
  version: '2.1.0',
  dstrans_id: 'DIR_SERVER_TID',
  ...extra,
});

const chargeOf = (res: { body: any }) => res.body.charges[0];

describe('card.network_token', () => {
  it('pays with a network token and its token_data: the token reads as its test card', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([charge(networkToken())]));
    expect(res.status).toBe(201);
    const c = chargeOf(res);
    expect(c.status).toBe('PAID');
    expect(c.payment_response).toMatchObject({ code: '20000', message: 'SUCESSO' });
    expect(c.payment_method.card).toEqual({
      brand: 'visa',
      first_digits: '400000',
      last_digits: '2370',
      exp_month: '12',
      exp_year: '2031',
      holder: { name: 'Jose da Silva' },
    });
    // Neither the token nor its cryptogram is answered.
    expect(JSON.stringify(res.body)).not.toContain('AkHcvSMWz5xvAAUgGbYIAoABFA');
    expect(JSON.stringify(res.body)).not.toContain(FRICTIONLESS);
  });

  it('declines a network token whose number is a declining test card', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([charge(networkToken(DECLINED))]));
    expect(res.status).toBe(201);
    expect(chargeOf(res).status).toBe('DECLINED');
    expect(chargeOf(res).payment_response.code).toBe('10002');
  });

  it('names the missing expiry and refuses a token beside a card number', async ({ sandbox }) => {
    const missing = await api(
      sandbox,
      'POST',
      '/orders',
      order([charge({ network_token: FRICTIONLESS, holder: { name: 'Jose da Silva' } })]),
    );
    expect(missing.status).toBe(400);
    expect(paramsOf(missing)).toEqual(
      expect.arrayContaining(['charges[0].payment_method.card.exp_month', 'charges[0].payment_method.card.exp_year']),
    );
    expect(errorOf(missing, 'charges[0].payment_method.card.exp_month')?.description).toContain(
      'is required with card.network_token',
    );
    const both = await api(
      sandbox,
      'POST',
      '/orders',
      order([charge(networkToken(FRICTIONLESS, { number: FRICTIONLESS }))]),
    );
    expect(both.status).toBe(400);
    expect(errorOf(both, 'charges[0].payment_method.card')?.description).toContain('number and network_token');
  });

  it('refuses a token that fails the Luhn check, naming card.network_token', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([charge(networkToken('4000000000002371'))]));
    expect(res.status).toBe(400);
    expect(errorOf(res, 'charges[0].payment_method.card.network_token')?.code).toBe('40002');
  });
});

describe('authentication_method done elsewhere', () => {
  it('takes an external 3DS result (cavv, eci) for a credit card and answers its outcome, never the CAVV', async ({
    sandbox,
  }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([
        charge(
          {
            number: FRICTIONLESS,
            exp_month: '12',
            exp_year: '2031',
            security_code: '123',
            holder: { name: 'Jose da Silva' },
          },
          { authentication_method: external3ds() },
        ),
      ]),
    );
    expect(res.status).toBe(201);
    const c = chargeOf(res);
    expect(c.status).toBe('PAID');
    expect(c.payment_method.authentication_method).toEqual({
      type: 'THREEDS',
      status: 'AUTHENTICATED',
      eci: '05',
      version: '2.1.0',
      dstrans_id: 'DIR_SERVER_TID',
      liability_shift: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('BwABBylVaQ');
  });

  it('counts an external authentication for the debit rule: ECI 05 pays, ECI 07 is declined as unauthenticated', async ({
    sandbox,
  }) => {
    const debit = (eci: string) =>
      api(
        sandbox,
        'POST',
        '/orders',
        order([charge(networkToken(), { authentication_method: external3ds(eci) }, 'DEBIT_CARD')]),
      );
    const paid = await debit('05');
    expect(paid.status).toBe(201);
    expect(chargeOf(paid)).toMatchObject({ status: 'PAID', payment_method: { type: 'DEBIT_CARD' } });
    const refused = await debit('07');
    expect(refused.status).toBe(201);
    expect(chargeOf(refused).status).toBe('DECLINED');
    expect(chargeOf(refused).payment_response.code).toBe('10008');
    expect(chargeOf(refused).payment_method.authentication_method).toMatchObject({
      status: 'NOT_AUTHENTICATED',
      liability_shift: false,
    });
  });

  it('takes the INAPP type of a wallet token (cavv and eci)', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([
        charge(networkToken('6505050000001109'), {
          authentication_method: { type: 'INAPP', cavv: 'AAABBBCCC', eci: '05' },
        }),
      ]),
    );
    expect(res.status).toBe(201);
    expect(chargeOf(res).status).toBe('PAID');
    expect(chargeOf(res).payment_method.card.brand).toBe('elo');
    expect(chargeOf(res).payment_method.authentication_method).toMatchObject({
      type: 'INAPP',
      status: 'AUTHENTICATED',
    });
  });

  it('names what an authentication lacks or mixes', async ({ sandbox }) => {
    const send = (method: Record<string, unknown>) =>
      api(sandbox, 'POST', '/orders', order([charge(networkToken(), { authentication_method: method })]));
    const at = 'charges[0].payment_method.authentication_method';
    const none = await send({ type: 'THREEDS' });
    expect(none.status).toBe(400);
    expect(errorOf(none, `${at}.id`)?.description).toContain('external 3DS result (cavv and eci)');
    const noEci = await send({ type: 'THREEDS', cavv: 'AAAB' });
    expect(paramsOf(noEci)).toEqual([`${at}.eci`]);
    const both = await send({
      type: 'THREEDS',
      id: '3DS_4e8c8c9e-1b7e-4d0a-9a52-2f1f8f0f6b11',
      eci: '05',
      cavv: 'AAAB',
    });
    expect(errorOf(both, at)?.description).toContain('not both');
    const inapp = await send({ type: 'INAPP', cavv: 'AAAB' });
    expect(paramsOf(inapp)).toEqual([`${at}.eci`]);
    const badType = await send({ type: 'OTP', eci: '05', cavv: 'AAAB' });
    expect(errorOf(badType, `${at}.type`)?.description).toContain('must be THREEDS or INAPP');
    const badVersion = await send(external3ds('05', { version: 'two' }));
    expect(paramsOf(badVersion)).toEqual([`${at}.version`]);
  });
});

describe('card.wallet (Google Pay, Apple Pay)', () => {
  it('pays with a Google Pay key alone, as the sandbox approves a wallet card', async ({ sandbox }) => {
    const key = JSON.stringify({
      signature: 'MEUCIQ',
      protocolVersion: 'ECv2',
      signedMessage: '{"encryptedMessage":"AbC"}',
    });
    const res = await api(sandbox, 'POST', '/orders', order([charge({ wallet: { type: 'GOOGLE_PAY', key } })]));
    expect(res.status).toBe(201);
    const c = chargeOf(res);
    expect(c.status).toBe('PAID');
    expect(c.payment_method.card).toMatchObject({ brand: 'visa', last_digits: '1111', wallet: { type: 'GOOGLE_PAY' } });
    expect(c.payment_method.card.holder).toBeUndefined();
  });

  it('reads a test card number in the key (its outcome), and an Apple Pay network token beside the wallet', async ({
    sandbox,
  }) => {
    const declined = await api(
      sandbox,
      'POST',
      '/orders',
      order([charge({ wallet: { type: 'GOOGLE_PAY', key: `{"pan":"${DECLINED}"}` } })]),
    );
    expect(chargeOf(declined).status).toBe('DECLINED');
    const apple = await api(
      sandbox,
      'POST',
      '/orders',
      order([charge({ ...networkToken('5200000000001104'), wallet: { type: 'APPLE_PAY', key: 'eyJkYXRhIjoi' } })]),
    );
    expect(apple.status).toBe(201);
    expect(chargeOf(apple).payment_method.card).toMatchObject({ brand: 'mastercard', wallet: { type: 'APPLE_PAY' } });
  });

  it('names a wrong wallet type and a wallet beside a stored card', async ({ sandbox }) => {
    const badType = await api(
      sandbox,
      'POST',
      '/orders',
      order([charge({ wallet: { type: 'SAMSUNG_PAY', key: 'k' } })]),
    );
    expect(badType.status).toBe(400);
    expect(errorOf(badType, 'charges[0].payment_method.card.wallet.type')?.description).toContain(
      'GOOGLE_PAY, APPLE_PAY',
    );
    const stored = await api(
      sandbox,
      'POST',
      '/orders',
      order([charge({ id: 'CARD_4e8c8c9e-1b7e-4d0a-9a52-2f1f8f0f6b11', wallet: { type: 'GOOGLE_PAY', key: 'k' } })]),
    );
    expect(stored.status).toBe(400);
    expect(errorOf(stored, 'charges[0].payment_method.card.wallet')?.code).toBe('40002');
  });
});

describe('POST /orders/{id}/pay', () => {
  it('takes the reference body { charges: [ … ] }, and still the charge alone', async ({ sandbox }) => {
    const wrapped = await api(sandbox, 'POST', '/orders', order());
    const paid = await api(sandbox, 'POST', `/orders/${wrapped.body.id}/pay`, { charges: [charge(networkToken())] });
    expect(paid.status).toBe(201);
    expect(paid.body.charges).toHaveLength(1);
    expect(chargeOf(paid).status).toBe('PAID');

    const bare = await api(sandbox, 'POST', '/orders', order());
    const paidBare = await api(sandbox, 'POST', `/orders/${bare.body.id}/pay`, cardCharge());
    expect(paidBare.status).toBe(201);
    expect(chargeOf(paidBare).status).toBe('PAID');
  });

  it('names fields under charges[0] in the wrapped form, and refuses two charges', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order());
    const bad = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, {
      charges: [charge({ network_token: FRICTIONLESS, exp_month: 12, holder: { name: 'Jose da Silva' } })],
    });
    expect(bad.status).toBe(400);
    expect(paramsOf(bad)).toEqual(['charges[0].payment_method.card.exp_year']);
    const two = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, { charges: [cardCharge(), cardCharge()] });
    expect(two.status).toBe(400);
    expect(errorOf(two, 'charges')?.description).toContain('exactly one charge');
    const declined = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, {
      charges: [cardCharge({ value: 40051 })],
    });
    expect(declined.status).toBe(201);
    expect(chargeOf(declined).status).toBe('DECLINED');
  });
});

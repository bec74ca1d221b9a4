import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import { encodeCardPlaintext } from '../../src/core/card-ciphertext';
import { api, card, cardCharge, order } from './support/payments';
import { authData, createSession, postAuthentication, validDevice } from './support/sdk-client';
import { it } from './support/sandbox-test';

// A code no test value or generated id holds by accident (unlike "123"); 4 digits, so amex cards.
const SECURITY_CODE = '9731';
const CLEAR = '378282246310005';
const ENCRYPTED = '371449635398431';
const THREE_DS = '340000000000009';
const DECLINED = '378734493671000';
const NUMBERS = [CLEAR, ENCRYPTED, THREE_DS, DECLINED];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/**
 * The security code on its own. Inside a longer run of letters or digits it is part of something
 * else (a hash, a timestamp, an amount); a UUID's groups are random hex, so UUIDs are taken out first.
 */
const holdsSecurityCode = (text: string) =>
  new RegExp(`(^|[^0-9A-Za-z])${SECURITY_CODE}([^0-9A-Za-z]|$)`).test(text.replace(UUID, ''));

describe('card data at rest', () => {
  it('the detector finds the security code wherever a row could hold it', () => {
    expect(holdsSecurityCode(JSON.stringify({ payment_method: { card: { security_code: SECURITY_CODE } } }))).toBe(
      true,
    );
    expect(holdsSecurityCode(JSON.stringify({ cvv: Number(SECURITY_CODE) }))).toBe(true);
    expect(holdsSecurityCode(`${CLEAR}|12|2099|${SECURITY_CODE}`)).toBe(true);
    expect(holdsSecurityCode('CHAR_1c2d9731-aaaa-4bbb-8ccc-0123456789ab 1795829731123 ab9731cd')).toBe(false);
  });

  it('after clear, encrypted, stored and 3DS card orders, no row of any table and no byte of the file holds a card number or the security code', async ({
    startSandbox,
    dataFile,
  }) => {
    const sandbox = await startSandbox({ dataFile });
    const withCode = (number: string, extra: Record<string, unknown> = {}) =>
      card(number, { security_code: SECURITY_CODE, ...extra });

    const clear = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ card: withCode(CLEAR, { store: true }) })]),
      { 'x-idempotency-key': 'at-rest-1' },
    );
    expect(clear.body.charges[0].status).toBe('PAID');
    const storedId = clear.body.charges[0].payment_method.card.id;
    expect(storedId).toMatch(/^CARD_/);

    const key = await api(sandbox, 'POST', '/public-keys', { type: 'card' });
    const pem = `-----BEGIN PUBLIC KEY-----\n${key.body.public_key}\n-----END PUBLIC KEY-----`;
    const plain = encodeCardPlaintext({
      number: ENCRYPTED,
      securityCode: SECURITY_CODE,
      expMonth: 12,
      expYear: 2099,
      holder: 'Maria Silva',
      createdAt: sandbox.clock.now().getTime(),
    });
    const encrypted = publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain),
    ).toString('base64');
    const fromEncrypted = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ card: { encrypted, store: true } })]),
    );
    expect(fromEncrypted.body.charges[0]).toMatchObject({
      status: 'PAID',
      payment_method: { card: { brand: 'amex', last_digits: '8431', store: true } },
    });

    const stored = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ card: { id: storedId, security_code: SECURITY_CODE } })]),
    );
    expect(stored.body.charges[0].status).toBe('PAID');

    const session = await createSession(sandbox);
    const auth = (await (
      await postAuthentication(sandbox, session, { data: authData(THREE_DS), device: validDevice() })
    ).json()) as { id: string };
    const threeDs = await api(
      sandbox,
      'POST',
      '/orders',
      order([
        cardCharge({
          card: withCode(THREE_DS, { exp_month: '12' }),
          extra: { authentication_method: { type: 'THREEDS', id: auth.id } },
        }),
      ]),
    );
    expect(threeDs.body.charges[0].status).toBe('PAID');

    // A shopper who types the card number, then the security code, in the issuer page's code field.
    const challenged = (await (
      await postAuthentication(sandbox, session, { data: authData('4000000000002503'), device: validDevice() })
    ).json()) as { id: string; challenge: { url: string } };
    const token = new URL(challenged.challenge.url).searchParams.get('token')!;
    for (const code of [CLEAR, SECURITY_CODE]) {
      const typed = await fetch(`${sandbox.challengeUrl}/challenge/acs`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ authentication: challenged.id, token, parent: 'http://shop.example', code }),
      });
      expect(typed.status).toBe(400);
    }
    // A merchant's test that sends the security code as the code, through the sandbox's own endpoint.
    const sent = await api(sandbox, 'POST', `/sandbox/3ds/authentications/${challenged.id}/challenge`, {
      code: SECURITY_CODE,
    });
    expect(sent.status).toBe(400);

    // R$ 400,51 declines whatever the card: a declined card is not stored either.
    const declined = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ value: 40_051, card: withCode(DECLINED, { store: true }) })]),
    );
    expect(declined.body.charges[0].status).toBe('DECLINED');
    await sandbox.close();

    const db = new Database(dataFile, { readonly: true });
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    );
    const dump = Object.fromEntries(
      tables.map((name) => [name, db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all()]),
    );
    db.close();
    // The dump covers what the orders wrote: a vacuous pass would prove nothing.
    expect(tables).toEqual(expect.arrayContaining(['stored_cards', 'charges', 'orders', 'authentications']));
    expect(dump.stored_cards).toHaveLength(2);
    expect(dump.charges).toHaveLength(5);
    expect(dump.challenge_codes).toHaveLength(3);
    expect(dump.request_log!.length).toBeGreaterThan(5);

    for (const [table, rows] of Object.entries(dump)) {
      for (const row of rows) {
        const text = JSON.stringify(row);
        for (const number of NUMBERS) expect(text, `${table} holds a card number`).not.toContain(number);
        expect(holdsSecurityCode(text), `${table} holds the security code: ${text}`).toBe(false);
      }
    }
    // Freed pages and the journal too: a number written and deleted would still be in the file.
    for (const file of [dataFile, `${dataFile}-wal`].filter(existsSync)) {
      const bytes = readFileSync(file).toString('latin1');
      for (const number of NUMBERS) expect(bytes, `${file} holds a card number`).not.toContain(number);
    }
  });
});

import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { CODE_AUTHENTICATES } from '../../src/sandbox/challenge/issuer-simulator';
import { migrate, schemaVersion } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { api, card, cardCharge, errorOf, order } from './support/payments';
import { authData, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

const PARENT = 'http://shop.example:8080';
const NUMBER = '4000000000002503';

async function challenge(sandbox: Sandbox, session: string): Promise<{ id: string; token: string }> {
  const res = await postAuthentication(sandbox, session, { data: authData(NUMBER), device: validDevice() });
  const body = (await res.json()) as AuthenticationResource;
  expect(body.status).toBe('REQUIRE_CHALLENGE');
  return { id: body.id, token: new URL(body.challenge!.url).searchParams.get('token')! };
}

const form = (sandbox: Sandbox, path: string, fields: Record<string, string>) =>
  fetch(`${sandbox.challengeUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
const end = (sandbox: Sandbox, id: string, token: string, reason: string) =>
  form(sandbox, '/challenge/end', { authentication: id, token, parent: PARENT, locale: 'en', reason });
const read = async (sandbox: Sandbox, session: string, id: string) =>
  (await (await getAuthentication(sandbox, session, id)).json()) as AuthenticationResource;
const pay = (sandbox: Sandbox, id: string) =>
  api(
    sandbox,
    'POST',
    '/orders',
    order([
      cardCharge({
        value: 10_000,
        card: card(NUMBER, { exp_month: '12' }),
        extra: { authentication_method: { type: 'THREEDS', id } },
      }),
    ]),
  );

describe('a challenge the shopper canceled or ran out of time for', () => {
  for (const reason of ['CHALLENGE_CANCELED', 'CHALLENGE_TIMEOUT'] as const) {
    it(`${reason}: final CANCELED with the reason at the API; the issuer page cannot complete it; no order can use it`, async ({
      sandbox,
      session,
    }) => {
      const { id, token } = await challenge(sandbox, session);
      const res = await end(sandbox, id, token, reason);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'CANCELED', reason });
      expect(await read(sandbox, session, id)).toMatchObject({
        id,
        status: 'CANCELED',
        reason,
        authentication_status: null,
      });

      const page = await fetch(
        `${sandbox.challengeUrl}/challenge/acs?${new URLSearchParams({ authentication: id, token, parent: PARENT, locale: 'en' })}`,
      );
      const html = await page.text();
      expect(html).toContain('data-state="done"');
      expect(html).toContain('This verification was canceled.');
      const code = await form(sandbox, '/challenge/acs', {
        authentication: id,
        token,
        parent: PARENT,
        locale: 'en',
        code: CODE_AUTHENTICATES,
      });
      expect(await code.text()).toContain('This verification was canceled.');
      expect(await read(sandbox, session, id)).toMatchObject({ status: 'CANCELED', reason });

      const paid = await pay(sandbox, id);
      expect(paid.status).toBe(422);
      expect(errorOf(paid, 'charges[0].payment_method.authentication_method.id')?.description).toContain(
        `status CANCELED`,
      );
      expect(errorOf(paid, 'charges[0].payment_method.authentication_method.id')?.description).toContain(reason);

      // Repeating the end changes nothing, not even the reason.
      const again = await end(
        sandbox,
        id,
        token,
        reason === 'CHALLENGE_CANCELED' ? 'CHALLENGE_TIMEOUT' : 'CHALLENGE_CANCELED',
      );
      expect(await again.json()).toEqual({ status: 'CANCELED', reason });
    });
  }

  it('a code accepted before the cancel arrived stands: the end answers AUTH_FLOW_COMPLETED and the order pays', async ({
    sandbox,
    session,
  }) => {
    const { id, token } = await challenge(sandbox, session);
    await form(sandbox, '/challenge/acs', { authentication: id, token, parent: PARENT, code: CODE_AUTHENTICATES });
    const res = await end(sandbox, id, token, 'CHALLENGE_CANCELED');
    expect(await res.json()).toEqual({ status: 'AUTH_FLOW_COMPLETED', reason: null });
    expect(await read(sandbox, session, id)).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'AUTHENTICATED',
      reason: null,
    });
    expect((await pay(sandbox, id)).status).toBe(201);
  });

  it('needs the challenge token and a known reason', async ({ sandbox, session }) => {
    const { id, token } = await challenge(sandbox, session);
    const bad = await end(sandbox, id, token, 'BORED');
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error_messages: Array<{ parameter_name: string }> }).error_messages[0]!.parameter_name,
    ).toBe('reason');
    const forged = await end(sandbox, id, 'A'.repeat(43), 'CHALLENGE_CANCELED');
    expect(forged.status).toBe(403);
    expect(await read(sandbox, session, id)).toMatchObject({ status: 'REQUIRE_CHALLENGE', reason: null });
  });
});

describe('schema version 3', () => {
  it('adds end_reason and the secrets table to a version 2 file, once', () => {
    const db = new Database(':memory:');
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 2));
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 3));
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 3));
    const columns = db
      .prepare<[], { name: string }>('PRAGMA table_info(authentications)')
      .all()
      .map((c) => c.name);
    expect(columns.filter((c) => c === 'end_reason')).toHaveLength(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'sandbox_secrets'").get()).toBeTruthy();
    expect(schemaVersion(db)).toBe(3);
    db.close();
  });
});

describe('schema version 4', () => {
  it('adds the 3DS Method and EMV result columns to a version 3 file, once', () => {
    const db = new Database(':memory:');
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 3));
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 4));
    migrate(db, SCHEMA_MIGRATIONS.slice(0, 4));
    const columns = db
      .prepare<[], { name: string }>('PRAGMA table_info(authentications)')
      .all()
      .map((c) => c.name);
    for (const column of [
      'method_mode',
      'method_state',
      'three_ds_server_trans_id',
      'method_completion',
      'challenge_window_size',
      'authentication_value',
      'browser_accept_header',
      'browser_ip',
    ]) {
      expect(columns.filter((c) => c === column)).toHaveLength(1);
    }
    expect(schemaVersion(db)).toBe(4);
    db.close();
  });
});

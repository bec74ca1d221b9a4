import { constants, createPublicKey, privateDecrypt, publicEncrypt } from 'node:crypto';
import { beforeEach, describe, expect } from 'vitest';
import { MerchantStore } from '../../src/sandbox/merchants/merchant-store';
import { KEY_OVERLAP_MS, PublicKeyStore } from '../../src/sandbox/public-keys/public-key-store';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { ManualClock } from './support/manual-clock';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };

describe('POST /public-keys and GET /public-keys/card', () => {
  const call = (sandbox: Sandbox, method: 'GET' | 'POST', path: string, body?: unknown, token = sandbox.token) =>
    fetch(`${sandbox.apiUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('GET is 404 before any key exists', async ({ sandbox }) => {
    const res = await call(sandbox, 'GET', '/public-keys/card');
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error_messages[0]!.code).toBe('40401');
  });

  it('creates an RSA-2048 key as base64 SPKI (200, created_at in epoch milliseconds), which GET then returns', async ({
    sandbox,
  }) => {
    const res = await call(sandbox, 'POST', '/public-keys', { type: 'card' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { public_key: string; created_at: number };
    expect(Object.keys(body).sort()).toEqual(['created_at', 'public_key']);
    expect(Number.isInteger(body.created_at)).toBe(true);
    expect(Math.abs(body.created_at - sandbox.clock.now().getTime())).toBeLessThan(60_000);
    const key = createPublicKey({ key: Buffer.from(body.public_key, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(JSON.stringify(body)).not.toMatch(/PRIVATE/);
    const current = await call(sandbox, 'GET', '/public-keys/card');
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual(body);
  });

  it('keys are per merchant', async ({ sandbox }) => {
    const other = sandbox.addMerchant();
    expect((await call(sandbox, 'GET', '/public-keys/card', undefined, other.token)).status).toBe(404);
  });

  it.for([
    [{}, '40001', 'type'],
    [{ type: 'boleto' }, '40002', 'type'],
    [{ type: 'card', size: 4096 }, '40003', 'size'],
  ])('%j is 400 %s on %s', async ([body, code, parameter], { sandbox }) => {
    const res = await call(sandbox, 'POST', '/public-keys', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ code, parameter_name: parameter }),
    ]);
  });

  it('requires the bearer token, JSON, and a body', async ({ sandbox }) => {
    expect((await call(sandbox, 'POST', '/public-keys', { type: 'card' }, 'wrong')).status).toBe(401);
    expect((await call(sandbox, 'GET', '/public-keys/card', undefined, 'wrong')).status).toBe(401);
    const noType = await fetch(`${sandbox.apiUrl}/public-keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.token}` },
    });
    expect(noType.status).toBe(415);
  });
});

describe('PublicKeyStore: rotation keeps the previous key 7 days', () => {
  let db: Db;
  let clock: ManualClock;
  let keys: PublicKeyStore;
  beforeEach(async () => {
    db = await openDatabase(undefined, []);
    migrate(db, SCHEMA_MIGRATIONS);
    new MerchantStore(db).upsert({
      id: 'M1',
      name: 'M1',
      token: 't',
      pciHomologated: true,
      subMerchantEnabled: true,
      releasedMccs: [],
    });
    clock = new ManualClock();
    keys = new PublicKeyStore(db, clock);
  });

  it('a new key becomes current; the old one stays valid for 7 days, then goes', async () => {
    const first = await keys.create('M1');
    clock.advance(1000);
    const second = await keys.create('M1');
    expect(keys.current('M1')?.id).toBe(second.id);
    expect(keys.validKeys('M1').map((k) => k.id)).toEqual([second.id, first.id]);
    expect(Date.parse(keys.validKeys('M1')[1]!.retiresAt!) - second.createdAt).toBe(KEY_OVERLAP_MS);
    clock.advance(KEY_OVERLAP_MS - 1);
    expect(keys.validKeys('M1')).toHaveLength(2);
    clock.advance(1);
    expect(keys.validKeys('M1').map((k) => k.id)).toEqual([second.id]);
    db.close();
  });

  it('the stored private key decrypts what the public key encrypted (RSA-OAEP, SHA-256)', async () => {
    const key = await keys.create('M1');
    const sealed = publicEncrypt(
      {
        key: createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' }),
        padding: constants.RSA_PKCS1_OAEP_PADDING,
        oaepHash: 'sha256',
      },
      Buffer.from('hello'),
    );
    const [stored] = keys.validKeys('M1');
    expect(
      privateDecrypt(
        { key: stored!.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        sealed,
      ).toString(),
    ).toBe('hello');
    db.close();
  });
});

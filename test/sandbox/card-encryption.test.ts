import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeCardPlaintext, type CardPlaintext } from '../../src/core/card-ciphertext';
import { decryptCard } from '../../src/sandbox/cards/card-decryption';
import { CardVault } from '../../src/sandbox/cards/card-vault';
import { SandboxClock } from '../../src/sandbox/clock';
import { MerchantStore } from '../../src/sandbox/merchants/merchant-store';
import { PublicKeyStore } from '../../src/sandbox/public-keys/public-key-store';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { encryptCard } from '../../src/sdk/encrypt-card';

const DAY = 24 * 60 * 60_000;
let db: Db;
let clock: SandboxClock;
let keys: PublicKeyStore;

const merchant = (id: string) =>
  new MerchantStore(db).upsert({
    id,
    name: id,
    token: `token-${id}`,
    pciHomologated: false,
    subMerchantEnabled: false,
    releasedMccs: [],
  });

/** Encrypts as the SDK does, but stamped with the sandbox clock's time. */
const seal = (publicKeyBase64: string, card: Partial<CardPlaintext> = {}) => {
  const plain: CardPlaintext = {
    number: '4000000000002503',
    securityCode: '123',
    expMonth: 12,
    expYear: clock.now().getFullYear() + 2,
    holder: 'Maria da Silva',
    createdAt: clock.now().getTime(),
    ...card,
  };
  const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(encodeCardPlaintext(plain)),
  ).toString('base64');
};

beforeEach(async () => {
  db = await openDatabase(undefined, []);
  migrate(db, SCHEMA_MIGRATIONS);
  clock = new SandboxClock();
  keys = new PublicKeyStore(db, clock);
  merchant('M1');
  merchant('M2');
});

describe('decryptCard', () => {
  it("decrypts what Gateway.encryptCard made with the merchant's current key", async () => {
    const key = await keys.create('M1');
    const result = await encryptCard({
      publicKey: key.publicKey,
      holder: 'Maria da Silva',
      number: '5200000000001096',
      expMonth: 3,
      expYear: new Date().getFullYear() + 3,
      securityCode: '987',
    });
    const out = decryptCard(result.encryptedCard!, keys.validKeys('M1'), new Date(), 'card.encrypted');
    expect(out).toMatchObject({
      ok: true,
      card: { number: '5200000000001096', securityCode: '987', expMonth: 3, holder: 'Maria da Silva' },
    });
  });

  it('still decrypts with the previous key for 7 days after a rotation, and not after', async () => {
    const old = await keys.create('M1');
    await keys.create('M1');
    const fresh = () => decryptCard(seal(old.publicKey), keys.validKeys('M1'), clock.now(), 'card.encrypted');
    expect(fresh().ok).toBe(true);
    clock.advance(7 * DAY - 60_000);
    expect(fresh().ok).toBe(true);
    clock.advance(2 * 60_000);
    const late = fresh();
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error).toMatchObject({ code: '40002', parameterName: 'card.encrypted' });
  });

  it('refuses a tampered ciphertext', async () => {
    const key = await keys.create('M1');
    const bytes = Buffer.from(seal(key.publicKey), 'base64');
    bytes.writeUInt8(bytes.readUInt8(10) ^ 0x01, 10);
    const out = decryptCard(
      bytes.toString('base64'),
      keys.validKeys('M1'),
      clock.now(),
      'data.paymentMethod.card.encrypted',
    );
    expect(out).toMatchObject({
      ok: false,
      error: { code: '40002', parameterName: 'data.paymentMethod.card.encrypted' },
    });
  });

  it("refuses a card encrypted with another merchant's key", async () => {
    const other = await keys.create('M2');
    await keys.create('M1');
    expect(decryptCard(seal(other.publicKey), keys.validKeys('M1'), clock.now(), 'card.encrypted').ok).toBe(false);
  });

  it('refuses an encrypted card older than an hour, or made far in the future', async () => {
    const key = await keys.create('M1');
    const now = clock.now().getTime();
    expect(
      decryptCard(seal(key.publicKey, { createdAt: now - 61 * 60_000 }), keys.validKeys('M1'), clock.now(), 'e').ok,
    ).toBe(false);
    expect(
      decryptCard(seal(key.publicKey, { createdAt: now + 10 * 60_000 }), keys.validKeys('M1'), clock.now(), 'e').ok,
    ).toBe(false);
    expect(
      decryptCard(seal(key.publicKey, { createdAt: now - 59 * 60_000 }), keys.validKeys('M1'), clock.now(), 'e').ok,
    ).toBe(true);
  });

  it('refuses an expired card, a non-Luhn number, garbage and a merchant without keys, never echoing card data', async () => {
    const key = await keys.create('M1');
    const cases = [
      seal(key.publicKey, { expYear: clock.now().getFullYear() - 1 }),
      seal(key.publicKey, { number: '4000000000002504' }),
      'not base64 at all!',
      Buffer.alloc(256, 7).toString('base64'),
    ];
    for (const encrypted of cases) {
      const out = decryptCard(encrypted, keys.validKeys('M1'), clock.now(), 'card.encrypted');
      expect(out.ok).toBe(false);
      expect(JSON.stringify(out)).not.toMatch(/400000000000250[34]|"123"/);
    }
    expect(decryptCard(seal(key.publicKey), keys.validKeys('M2'), clock.now(), 'card.encrypted').ok).toBe(false);
  });
});

describe('CardVault', () => {
  it('stores brand, first 6, last 4, expiry, holder and the scenario, never the number', () => {
    const vault = new CardVault(db, clock);
    const card = vault.store('M1', {
      number: '4000000000002503',
      expMonth: 12,
      expYear: 2031,
      holderName: 'Maria da Silva',
    });
    expect(card).toMatchObject({
      brand: 'visa',
      firstDigits: '400000',
      lastDigits: '2503',
      scenario: { flow: 'CHALLENGE' },
    });
    expect(card.id).toMatch(/^CARD_[0-9a-f-]{36}$/);
    const rows = JSON.stringify(db.prepare('SELECT * FROM stored_cards').all());
    expect(rows).not.toContain('4000000000002503');
    expect(vault.get(card.id, 'M1')).toEqual(card);
  });

  it("keeps one merchant's cards from another", () => {
    const vault = new CardVault(db, clock);
    const card = vault.store('M1', { number: '5200000000001104', expMonth: 1, expYear: 2032, holderName: 'Ana Souza' });
    expect(vault.get(card.id, 'M2')).toBeUndefined();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MerchantStore } from '../../src/sandbox/merchants/merchant-store';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { AuthenticationStore } from '../../src/sandbox/three-ds/authentication-store';
import { CHALLENGE_WINDOW_MS, COMPLETED_VALIDITY_MS } from '../../src/sandbox/three-ds/authentication-transitions';
import { toResource } from '../../src/sandbox/three-ds/authentication-resource';
import { ManualClock } from './support/manual-clock';
import { challengeAuthentication } from './support/new-authentication';

const base = challengeAuthentication;

describe('AuthenticationStore', () => {
  let db: Db;
  let clock: ManualClock;
  let store: AuthenticationStore;
  beforeEach(async () => {
    db = await openDatabase(undefined, []);
    migrate(db, SCHEMA_MIGRATIONS);
    const merchants = new MerchantStore(db);
    for (const id of ['M1', 'M2'])
      merchants.upsert({
        id,
        name: id,
        token: `t-${id}`,
        pciHomologated: true,
        subMerchantEnabled: true,
        releasedMccs: [],
      });
    clock = new ManualClock();
    store = new AuthenticationStore(db, clock);
  });
  afterEach(() => db.close());

  it('creates a challenge authentication with a token only the creator gets', () => {
    const { record, challengeToken } = store.create(base);
    expect(record.id).toMatch(/^3DS_[0-9a-f-]{36}$/);
    expect(challengeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(record.expiresAt) - Date.parse(record.createdAt)).toBe(CHALLENGE_WINDOW_MS);
    expect(store.byChallengeToken(record.id, challengeToken!)?.id).toBe(record.id);
    expect(store.byChallengeToken(record.id, `${challengeToken!}x`)).toBeUndefined();
    expect(store.byChallengeToken('3DS_nope', challengeToken!)).toBeUndefined();
    const row = db.prepare('SELECT * FROM authentications WHERE id = ?').get(record.id) as Record<string, unknown>;
    expect(JSON.stringify(row)).not.toContain(challengeToken!);
    const resource = toResource(record, 'http://127.0.0.1:9', challengeToken!);
    expect(resource.challenge).toEqual({
      url: `http://127.0.0.1:9/challenge/host?authentication=${record.id}&token=${challengeToken!}`,
      origin: 'http://127.0.0.1:9',
      expires_at: record.expiresAt,
    });
    expect(toResource(record, 'http://127.0.0.1:9').challenge).toBeNull();
  });

  it('a frictionless authentication has no challenge token and cannot be completed', () => {
    const { record, challengeToken } = store.create({
      ...base,
      status: 'AUTH_FLOW_COMPLETED',
      authenticationStatus: 'AUTHENTICATED',
    });
    expect(challengeToken).toBeNull();
    expect(store.byChallengeToken(record.id, '')).toBeUndefined();
    expect(store.completeChallenge(record.id, 'AUTHENTICATED')).toBeUndefined();
  });

  it('get is scoped to the merchant; getById is not', () => {
    const { record } = store.create(base);
    expect(store.get(record.id, 'M1')?.id).toBe(record.id);
    expect(store.get(record.id, 'M2')).toBeUndefined();
    expect(store.getById(record.id)?.merchantId).toBe('M1');
    expect(store.getById('3DS_missing')).toBeUndefined();
  });

  it('completes a challenge once, then keeps the id usable for an order for 30 minutes', () => {
    const { record } = store.create(base);
    clock.advance(60_000);
    const done = store.completeChallenge(record.id, 'AUTHENTICATED');
    expect(done).toMatchObject({ status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' });
    expect(Date.parse(done!.expiresAt) - Date.parse(done!.updatedAt)).toBe(COMPLETED_VALIDITY_MS);
    expect(store.completeChallenge(record.id, 'NOT_AUTHENTICATED')).toBeUndefined();
    expect(store.getById(record.id)?.authenticationStatus).toBe('AUTHENTICATED');
  });

  it('the scenario can force NOT_AUTHENTICATED whatever the shopper answered', () => {
    const { record } = store.create({ ...base, forcedOutcome: 'NOT_AUTHENTICATED' });
    expect(store.completeChallenge(record.id, 'AUTHENTICATED')?.authenticationStatus).toBe('NOT_AUTHENTICATED');
  });

  it('an expired challenge cannot be completed', () => {
    const { record } = store.create(base);
    clock.advance(CHALLENGE_WINDOW_MS);
    expect(store.completeChallenge(record.id, 'AUTHENTICATED')).toBeUndefined();
    expect(store.getById(record.id)?.status).toBe('REQUIRE_CHALLENGE');
  });

  it('markUsed is true once, only for the owner, only while completed and unexpired', () => {
    const challenged = store.create(base).record;
    expect(store.markUsed(challenged.id, 'M1', 'ORDE_1')).toBe(false);
    const { record } = store.create({ ...base, status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' });
    expect(store.markUsed(record.id, 'M2', 'ORDE_1')).toBe(false);
    expect(store.markUsed(record.id, 'M1', 'ORDE_1')).toBe(true);
    expect(store.markUsed(record.id, 'M1', 'ORDE_2')).toBe(false);
    expect(store.getById(record.id)).toMatchObject({ usedBy: 'ORDE_1' });
    expect(store.getById(record.id)?.usedAt).not.toBeNull();
    const late = store.create({ ...base, status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' }).record;
    clock.advance(COMPLETED_VALIDITY_MS);
    expect(store.markUsed(late.id, 'M1', 'ORDE_3')).toBe(false);
  });
});

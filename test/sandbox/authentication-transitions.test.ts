import { describe, expect, it } from 'vitest';
import type { NewAuthentication, StoredAuthentication } from '../../src/sandbox/three-ds/authentication-record';
import {
  type AuthenticationDraws,
  CHALLENGE_WINDOW_MS,
  COMPLETED_VALIDITY_MS,
  challengeCanceled,
  challengeCompleted,
  created,
  fingerprinted,
  methodContinued,
  notified,
  used,
} from '../../src/sandbox/three-ds/authentication-transitions';
import { challengeAuthentication } from './support/new-authentication';

const draw: AuthenticationDraws = {
  id: () => '3DS_00000000-0000-4000-8000-000000000001',
  transId: () => 'trans-1',
  cavv: () => 'CAVV',
  challengeToken: () => ({ token: 'tok', hash: 'hash-of-tok' }),
};

const input: NewAuthentication = {
  ...challengeAuthentication,
  browser: { acceptHeader: 'text/html', ip: '203.0.113.9' },
};

const T = 1_000_000;
const make = (over: Partial<NewAuthentication>): StoredAuthentication => created({ ...input, ...over }, T, draw).next;

describe('authentication transitions', () => {
  it('a challenge is created with its token (the row keeps the hash) and a 10-minute window', () => {
    const { next, challengeToken } = created(input, T, draw);
    expect(challengeToken).toBe('tok');
    expect(next).toMatchObject({
      id: draw.id(),
      status: 'REQUIRE_CHALLENGE',
      challengeTokenHash: 'hash-of-tok',
      threeDsServerTransId: null,
      authenticationValue: null,
      expiresAt: T + CHALLENGE_WINDOW_MS,
      browserAcceptHeader: 'text/html',
      browserIp: '203.0.113.9',
      currency: 'BRL',
    });
    expect(next).not.toHaveProperty('browser');
  });

  it('a method gets a transaction id and no token; a frictionless result its CAVV and 30 minutes of use', () => {
    expect(created({ ...input, status: 'REQUIRE_METHOD' }, T, draw)).toMatchObject({
      challengeToken: null,
      next: { threeDsServerTransId: 'trans-1', challengeTokenHash: null, expiresAt: T + CHALLENGE_WINDOW_MS },
    });
    const done = make({ status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' });
    expect(done).toMatchObject({ authenticationValue: 'CAVV', expiresAt: T + COMPLETED_VALIDITY_MS });
    expect(
      make({ status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' }).authenticationValue,
    ).toBeNull();
  });

  it('a challenge completes once within its window, with the forced outcome when the scenario has one', () => {
    const waiting = make({});
    const done = challengeCompleted(waiting, 'AUTHENTICATED', T + 1, draw);
    expect(done).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authenticationStatus: 'AUTHENTICATED',
      authenticationValue: 'CAVV',
      updatedAt: T + 1,
      expiresAt: T + 1 + COMPLETED_VALIDITY_MS,
    });
    expect(challengeCompleted(done!, 'AUTHENTICATED', T + 2, draw)).toBeUndefined();
    expect(challengeCompleted(waiting, 'AUTHENTICATED', T + CHALLENGE_WINDOW_MS, draw)).toBeUndefined();
    const forced = challengeCompleted(make({ forcedOutcome: 'NOT_AUTHENTICATED' }), 'AUTHENTICATED', T, draw);
    expect(forced).toMatchObject({ authenticationStatus: 'NOT_AUTHENTICATED', authenticationValue: null });
  });

  it('only a waiting challenge is canceled, with its reason', () => {
    expect(challengeCanceled(make({}), 'CHALLENGE_CANCELED', T + 5)).toMatchObject({
      status: 'CANCELED',
      endReason: 'CHALLENGE_CANCELED',
      updatedAt: T + 5,
    });
    const done = challengeCompleted(make({}), 'AUTHENTICATED', T, draw)!;
    expect(challengeCanceled(done, 'CHALLENGE_CANCELED', T)).toBeUndefined();
  });

  it('the method is fingerprinted once, notified while it waits, then continues Y or N', () => {
    const method = make({ status: 'REQUIRE_METHOD', afterMethod: 'FRICTIONLESS' });
    const printed = fingerprinted(method, 'fp', T + 1)!;
    expect(printed).toMatchObject({ methodState: 'FINGERPRINTED', methodFingerprint: 'fp' });
    expect(fingerprinted(printed, 'other', T + 2)).toBeUndefined();
    expect(notified(method, T + CHALLENGE_WINDOW_MS)).toBeUndefined();
    const told = notified(printed, T + 2)!;
    expect(told.methodState).toBe('NOTIFIED');

    expect(methodContinued(told, T + 3, draw)).toMatchObject({
      challengeToken: null,
      next: {
        status: 'AUTH_FLOW_COMPLETED',
        authenticationStatus: 'AUTHENTICATED',
        methodCompletion: 'Y',
        authenticationValue: 'CAVV',
        expiresAt: T + 3 + COMPLETED_VALIDITY_MS,
      },
    });
    // Without a notification the indicator is N, and a frictionless range still challenges.
    expect(methodContinued(printed, T + 3, draw)).toMatchObject({
      challengeToken: 'tok',
      next: { status: 'REQUIRE_CHALLENGE', methodCompletion: 'N', challengeTokenHash: 'hash-of-tok' },
    });
    expect(methodContinued(make({}), T, draw)).toBe('NOT_AWAITING_METHOD');
    expect(methodContinued(method, T + CHALLENGE_WINDOW_MS, draw)).toBe('NOT_AWAITING_METHOD');
  });

  it('is used once, by its merchant, while completed and unexpired', () => {
    const done = make({ status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' });
    expect(used(make({}), 'M1', 'ORDE_1', T)).toBeUndefined();
    expect(used(done, 'M2', 'ORDE_1', T)).toBeUndefined();
    expect(used(done, 'M1', 'ORDE_1', T + COMPLETED_VALIDITY_MS)).toBeUndefined();
    const once = used(done, 'M1', 'ORDE_1', T + 1)!;
    expect(once).toMatchObject({ usedAt: T + 1, usedBy: 'ORDE_1' });
    expect(used(once, 'M1', 'ORDE_2', T + 2)).toBeUndefined();
  });
});

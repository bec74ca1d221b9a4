import { randomBytes } from 'node:crypto';
import { timestamp, type Clock } from '../clock';
import type { Db } from '../storage/database';
import { sha256 } from '../crypto/sha256';

/** A session is valid for at most 30 minutes (docs/rules.md#limits). */
export const MAX_SESSION_TTL_MS = 30 * 60_000;

// Sessions are bearer secrets in the browser; stored hashed so a copied database opens nothing.
const hash = (session: string) => sha256(session, 'base64url');

/** SDK sessions: created by the merchant's server, presented by the SDK in X-Gateway-Session. */
export class SessionStore {
  private readonly insert;
  private readonly purge;
  private readonly lookup;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.insert = db.prepare(
      'INSERT INTO sdk_sessions (token_hash, merchant_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
    );
    this.purge = db.prepare('DELETE FROM sdk_sessions WHERE expires_at <= ?');
    this.lookup = db.prepare<[string, number], { merchant_id: string }>(
      'SELECT merchant_id FROM sdk_sessions WHERE token_hash = ? AND expires_at > ?',
    );
  }

  /** Creates a session for the merchant, valid `ttlMs` (at most 30 minutes). */
  create(merchantId: string, ttlMs = MAX_SESSION_TTL_MS): { session: string; expiresAt: string } {
    const now = this.clock.now().getTime();
    const session = `sess_${randomBytes(32).toString('base64url')}`;
    const expiresAt = now + Math.min(ttlMs, MAX_SESSION_TTL_MS);
    // An expired session and an unknown one get the same answer, so expired rows can go.
    this.purge.run(now);
    this.insert.run(hash(session), merchantId, now, expiresAt);
    return { session, expiresAt: timestamp(new Date(expiresAt)) };
  }

  /** The merchant id of a session that exists and has not expired. */
  merchantOf(session: string): string | undefined {
    // By hash, as in the table: no lookup compares the secret itself.
    return this.lookup.get(hash(session), this.clock.now().getTime())?.merchant_id;
  }
}

import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { UNPROCESSABLE } from './api-error-code';
import { INVALID_PARAMETER } from '../../core/error-item';
import type { Clock } from '../clock';
import { ApiError } from './api-error';
import type { Db } from '../storage/database';

export const IDEMPOTENCY_HEADER = 'x-idempotency-key';
/** How long a key remembers its first result. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const idempotencySchema = `
CREATE TABLE IF NOT EXISTS idempotency_keys (
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (merchant_id, scope, key)
);`;

/**
 * The database's own secret for request fingerprints (table added by schema version 3), made on
 * first use. Not the bearer token: the sandbox's default token is new at every start, and a retry
 * after a restart must still find its first result.
 */
export const sandboxSecretsSchema = `
CREATE TABLE IF NOT EXISTS sandbox_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);`;

/** The database's idempotency secret, created on first use and the same on every later open. */
function idempotencySecret(db: Db): string {
  db.prepare("INSERT OR IGNORE INTO sandbox_secrets (name, value) VALUES ('idempotency', ?)").run(randomBytes(32).toString('base64url'));
  return db.prepare<[], { value: string }>("SELECT value FROM sandbox_secrets WHERE name = 'idempotency'").get()!.value;
}

/** The request's idempotency key: undefined when the header is absent, 400 when malformed. */
export function readIdempotencyKey(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw ApiError.of(400, INVALID_PARAMETER, IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters without spaces (a UUID is a good key)`);
  }
  return key;
}

// Object keys sorted at every level: the same body in another key order or spacing is the same request.
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/**
 * What identifies a request body under a key. A keyed HMAC, not a bare hash: the body holds card
 * data, and a plain SHA-256 of a card number can be reversed by trying every number.
 */
export const requestFingerprint = (secret: string, body: unknown): string => createHmac('sha256', secret).update(canonical(body)).digest('hex');

/** The first result under a key, answered again to a repeat. */
export interface StoredResult {
  status: 200 | 201;
  body: unknown;
}

interface Row {
  fingerprint: string;
  status: 200 | 201;
  response: string;
}

/**
 * Remembers the result of a creating request under the merchant's idempotency key, so a retry
 * of the same request returns the first result instead of charging twice.
 */
export class IdempotencyStore {
  private readonly find;
  private readonly save;
  private readonly purge;
  private readonly secret: string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.secret = idempotencySecret(db);
    this.find = db.prepare<[string, string, string, number], Row>(
      'SELECT fingerprint, status, response FROM idempotency_keys WHERE merchant_id = ? AND scope = ? AND key = ? AND created_at > ?',
    );
    this.save = db.prepare('INSERT INTO idempotency_keys (merchant_id, scope, key, fingerprint, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.purge = db.prepare('DELETE FROM idempotency_keys WHERE merchant_id = ? AND scope = ? AND key = ?');
  }

  /** What identifies `body` under a key in this database: the same across restarts and token changes. */
  fingerprint(body: unknown): string {
    return requestFingerprint(this.secret, body);
  }

  /**
   * Runs `create` once per key. The lookup, `create` and the saved result form one SQLite
   * transaction, and `create` is synchronous, so concurrent requests with one key cannot both
   * create: the later one finds the first one's result. Without a key, `create` just runs (in a
   * transaction too, so a failure leaves nothing half-written). `after` runs only for a new
   * result, once it is committed (it sends notifications). A repeat with another body is 422.
   */
  run(
    request: { merchantId: string; scope: string; key: string | undefined; fingerprint: () => string },
    create: () => StoredResult & { after?: () => void },
  ): StoredResult & { replayed: boolean } {
    const result = this.db.transaction(() => {
      const { merchantId, scope, key } = request;
      // Canonical JSON and an HMAC of the body: only worth computing when a key asks for it.
      const fingerprint = key === undefined ? '' : request.fingerprint();
      if (key !== undefined) {
        const now = this.clock.now().getTime();
        const row = this.find.get(merchantId, scope, key, now - IDEMPOTENCY_TTL_MS);
        if (row) {
          if (row.fingerprint !== fingerprint) {
            throw ApiError.of(
              422,
              UNPROCESSABLE,
              IDEMPOTENCY_HEADER,
              `${IDEMPOTENCY_HEADER} was already used with another request body: a key names one request; use a new key for a new request`,
            );
          }
          return { status: row.status, body: JSON.parse(row.response) as unknown, replayed: true };
        }
        this.purge.run(merchantId, scope, key);
      }
      const created = create();
      if (key !== undefined) this.save.run(merchantId, scope, key, fingerprint, created.status, JSON.stringify(created.body), this.clock.now().getTime());
      return { ...created, replayed: false };
    })();
    if (!result.replayed) (result as { after?: () => void }).after?.();
    return { status: result.status, body: result.body, replayed: result.replayed };
  }
}

/** Response headers of an idempotent POST: says when the answer is a replay of the first one. */
export const replayHeaders = (replayed: boolean): Record<string, string> | undefined => (replayed ? { 'x-idempotent-replayed': 'true' } : undefined);

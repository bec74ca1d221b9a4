import { UNPROCESSABLE } from '../http/api-error-code';
import type { Clock } from '../clock';
import { ApiError } from '../http/api-error';
import type { Db } from '../storage/database';
import type { RunInSharedTransaction } from '../storage/group-commit';
import { IDEMPOTENCY_HEADER } from './idempotency-key';
import { idempotencyKeyDigest, idempotencySecret } from '../storage/idempotency-key-digest';
import { requestFingerprint } from './request-fingerprint';

/** How long a key remembers its first result. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** The result of a creating request: its status and the answer's body. */
export interface StoredResult {
  status: 200 | 201;
  body: unknown;
}

/**
 * What {@link IdempotencyStore.run} answers: the status and the answer's JSON text. The text is
 * serialised once, and the same string is stored under the key and sent, so a replay is byte for
 * byte the first answer.
 */
export interface IdempotentAnswer {
  status: 200 | 201;
  json: string;
  replayed: boolean;
}

interface Row {
  fingerprint: string;
  status: 200 | 201;
  response: string;
}

/**
 * Remembers the result of a creating request under the merchant's idempotency key, so a retry
 * of the same request returns the first result instead of charging twice. The key is stored as
 * its digest (storage/idempotency-key-digest.ts), never as sent.
 */
export class IdempotencyStore {
  private readonly find;
  private readonly save;
  private readonly purge;
  private readonly secret: string;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly sharedTransaction: RunInSharedTransaction,
  ) {
    this.secret = idempotencySecret(db);
    // Read whatever age it has: an expired row is deleted when its key is used again.
    this.find = db.prepare<[string, string, string], Row & { created_at: number }>(
      'SELECT fingerprint, status, response, created_at FROM idempotency_keys WHERE merchant_id = ? AND scope = ? AND key = ?',
    );
    this.save = db.prepare(
      'INSERT INTO idempotency_keys (merchant_id, scope, key, fingerprint, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.purge = db.prepare('DELETE FROM idempotency_keys WHERE merchant_id = ? AND scope = ? AND key = ?');
  }

  /** What identifies `body` under a key in this database: the same across restarts and token changes. */
  fingerprint(body: unknown): string {
    return requestFingerprint(this.secret, body);
  }

  /**
   * Runs `create` once per key. The lookup, `create` and the saved result are written together
   * or not at all (a savepoint of the shared transaction: `sharedTransaction` in services.ts), and
   * `create` is synchronous, so concurrent requests with one key cannot both create: the later one
   * finds the first one's result. Without a key, `create` just runs (all or nothing too). What
   * `create` notifies goes out once the transaction has committed (services.ts's after-commit
   * hook), so a replay, which runs no `create`, notifies nothing again. A repeat with another body is 422.
   */
  async run(
    request: { merchantId: string; scope: string; key: string | undefined; fingerprint: () => string },
    create: () => StoredResult,
  ): Promise<IdempotentAnswer> {
    return this.sharedTransaction((): IdempotentAnswer => {
      const { merchantId, scope } = request;
      const key = request.key === undefined ? undefined : idempotencyKeyDigest(this.secret, request.key);
      // Canonical JSON and an HMAC of the body: only worth computing when a key asks for it.
      const fingerprint = key === undefined ? '' : request.fingerprint();
      if (key !== undefined) {
        const now = this.clock.now().getTime();
        const found = this.find.get(merchantId, scope, key);
        const row = found && found.created_at > now - IDEMPOTENCY_TTL_MS ? found : undefined;
        if (row) {
          if (row.fingerprint !== fingerprint) {
            throw ApiError.of(
              422,
              UNPROCESSABLE,
              IDEMPOTENCY_HEADER,
              `${IDEMPOTENCY_HEADER} was already used with another request body: a key names one request; use a new key for a new request`,
            );
          }
          return { status: row.status, json: row.response, replayed: true };
        }
        if (found) this.purge.run(merchantId, scope, key);
      }
      const created = create();
      const json = JSON.stringify(created.body);
      if (key !== undefined)
        this.save.run(merchantId, scope, key, fingerprint, created.status, json, this.clock.now().getTime());
      return { status: created.status, json, replayed: false };
    });
  }
}

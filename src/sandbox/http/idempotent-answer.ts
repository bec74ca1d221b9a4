import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { IdempotencyStore, StoredResult } from '../idempotency/idempotency-store';

/**
 * Response headers of an idempotent POST, whose JSON text is already serialised: the content type
 * hono's `c.json()` sets (same name, same value, same place), and `x-idempotent-replayed` when the
 * answer is a replay of the first one.
 */
const idempotentAnswerHeaders = (replayed: boolean): Record<string, string> =>
  // A new object each time, as c.json() makes one: the response may keep it.
  replayed
    ? { 'Content-Type': 'application/json', 'x-idempotent-replayed': 'true' }
    : { 'Content-Type': 'application/json' };

/**
 * Answers a creating POST of the merchant's under its `x-idempotency-key` (docs/orders-and-charges.md#idempotency): `create`
 * runs once per key and `scope` (IdempotencyStore.run), a repeat gets the first answer back,
 * marked as a replay. Every creating route answers through here, so they cannot differ in how.
 */
export async function answerIdempotently(
  c: Context<AppEnv>,
  store: IdempotencyStore,
  request: { scope: string; key: string | undefined; raw: unknown },
  create: () => StoredResult,
): Promise<Response> {
  const { scope, key, raw } = request;
  const result = await store.run(
    { merchantId: c.get('merchant').id, scope, key, fingerprint: () => store.fingerprint(raw) },
    create,
  );
  return c.body(result.json, result.status, idempotentAnswerHeaders(result.replayed));
}

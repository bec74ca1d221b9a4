import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { IdempotencyStore, StoredResult } from '../idempotency/idempotency-store';
import { answerJsonText } from './json-answer';

/** The header that says an answer is a replay of the first one. */
const REPLAYED = { 'x-idempotent-replayed': 'true' };

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
  if (!result.replayed) return answerJsonText(c, result.json, result.status);
  c.set('replayed', true);
  return answerJsonText(c, result.json, result.status, REPLAYED);
}

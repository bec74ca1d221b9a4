import type { Db } from '../storage/database';
import { asSandboxTime, type SandboxTime } from '../values/time';

/** One attempt to deliver a notification, as the dispatcher made it (docs/console.md#webhooks). */
export interface WebhookAttempt {
  deliveryId: number;
  /** 1 for the first attempt; a resend continues the count. */
  attempt: number;
  /** When the attempt started, on the sandbox's clock. */
  at: SandboxTime;
  url: string;
  /** Every header the dispatcher sent, as it sent them. */
  headers: Record<string, string>;
  /** The receiver's status code; undefined when no answer came (timeout, refused connection). */
  status?: number;
  /** The start of the receiver's answer (at most {@link ANSWER_EXCERPT_CHARS} characters). */
  answerExcerpt?: string;
  durationMs: number;
  /** `ok`, `HTTP 500`, `timed out`, `failed (…)`. */
  outcome: string;
  /** When the next attempt is due, on the sandbox's clock (as `at`); undefined when none follows. */
  nextRetryAt?: SandboxTime;
  /** Why no attempt follows a failed one. */
  givenUp?: string;
}

/** How much of a receiver's answer an attempt keeps. */
export const ANSWER_EXCERPT_CHARS = 500;

interface Row {
  delivery_id: number;
  attempt: number;
  at: number;
  url: string;
  headers: string;
  status: number | null;
  answer_excerpt: string | null;
  duration_ms: number;
  outcome: string;
  next_retry_at: number | null;
  given_up: string | null;
}

const toAttempt = (r: Row): WebhookAttempt => ({
  deliveryId: r.delivery_id,
  attempt: r.attempt,
  at: asSandboxTime(r.at),
  url: r.url,
  headers: JSON.parse(r.headers) as Record<string, string>,
  ...(r.status !== null && { status: r.status }),
  ...(r.answer_excerpt !== null && { answerExcerpt: r.answer_excerpt }),
  durationMs: r.duration_ms,
  outcome: r.outcome,
  ...(r.next_retry_at !== null && { nextRetryAt: asSandboxTime(r.next_retry_at) }),
  ...(r.given_up !== null && { givenUp: r.given_up }),
});

/** Every delivery attempt, in SQLite: what the console shows of a webhook. */
export class WebhookAttempts {
  private readonly insert;
  private readonly ofDelivery;

  constructor(db: Db) {
    this.insert = db.prepare(
      `INSERT INTO webhook_attempts (delivery_id, attempt, at, url, headers, status, answer_excerpt, duration_ms, outcome, next_retry_at, given_up)
       VALUES (@delivery_id, @attempt, @at, @url, @headers, @status, @answer_excerpt, @duration_ms, @outcome, @next_retry_at, @given_up)`,
    );
    this.ofDelivery = db.prepare<[number], Row>('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY id');
  }

  record(a: WebhookAttempt): void {
    this.insert.run({
      delivery_id: a.deliveryId,
      attempt: a.attempt,
      at: a.at,
      url: a.url,
      headers: JSON.stringify(a.headers),
      status: a.status ?? null,
      answer_excerpt: a.answerExcerpt ?? null,
      duration_ms: a.durationMs,
      outcome: a.outcome,
      next_retry_at: a.nextRetryAt ?? null,
      given_up: a.givenUp ?? null,
    });
  }

  /** A delivery's attempts, first first. */
  of(deliveryId: number): WebhookAttempt[] {
    return this.ofDelivery.all(deliveryId).map(toAttempt);
  }
}

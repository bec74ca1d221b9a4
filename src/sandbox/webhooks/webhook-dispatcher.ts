import { createHmac } from 'node:crypto';
import type { Clock } from '../clock';
import { sha256 } from '../crypto/sha256';
import { ANSWER_EXCERPT_CHARS, type WebhookAttempt } from './webhook-attempts';
import type { DeliveryFilter, DeliveryPage, DeliveryRecord, OutboxEntry, WebhookOutbox } from './webhook-outbox';
import { asSandboxTime, sandboxTime, type SandboxTime } from '../values/time';

/**
 * The provider's own check, which existing receivers make: SHA-256 hex of `<API token>-<raw body>`
 * (docs/webhooks.md#the-authenticity-token).
 */
const AUTHENTICITY_HEADER = 'x-authenticity-token';
/** Header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
const SIGNATURE_HEADER = 'x-gateway-signature';
/** Header carrying the event id, the same on every retry of one event: receivers deduplicate on it. */
const EVENT_ID_HEADER = 'x-gateway-event-id';
/** Header carrying the event's type (`CHARGE.PAID`, …): the body, the order itself, does not say it. */
const EVENT_TYPE_HEADER = 'x-gateway-event-type';
/** Header carrying the attempt number, 1 for the first delivery. */
const ATTEMPT_HEADER = 'x-gateway-delivery-attempt';

/** Waits before each retry: 1 s, 5 s, 30 s, 2 min, 10 min (six attempts in all). */
const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];
/** How long one attempt may take before it counts as failed. */
const DEFAULT_ATTEMPT_TIMEOUT_MS = 5_000;

export interface WebhookOptions {
  /** Delays before the retries; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
  /** Time limit of one attempt. */
  attemptTimeoutMs?: number;
}

/** What the sandbox's journal hears from the dispatcher (docs/console.md): each event recorded, each attempt made. */
export interface DispatcherHooks {
  /** An event was recorded for its URLs (inside the transaction of its change). */
  recorded(merchantId: string, eventId: string, body: string): void;
  /** An attempt ended, with what was sent and what came back. */
  attempted(attempt: WebhookAttempt): void;
}

const NO_HOOKS: DispatcherHooks = { recorded: () => {}, attempted: () => {} };

/**
 * The signature of a delivery: HMAC-SHA256, keyed with the merchant's webhook secret, of
 * `<t>.<raw body>`, where t is the `t=` value of the header. Signing the time too stops a
 * recorded delivery from being replayed later as a new one.
 */
function webhookSignature(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

/** What signs a merchant's deliveries, read at each attempt: a retry after a rotation uses the new secret. */
export interface WebhookCredentials {
  /** The HMAC key of `x-gateway-signature` (`whsec_…`). */
  webhookSecret: string;
  /** The merchant's API token, which `x-authenticity-token` hashes as the provider does. */
  token: string;
}

/** `x-authenticity-token`: SHA-256 hex of `<API token>-<raw body>`, as the provider computes it. */
const authenticityToken = (token: string, body: string): string => sha256(`${token}-${body}`, 'hex');

/** Where a log line may point: the URL without its query, which can hold a receiver's secret. */
const shown = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

/**
 * Delivers notifications: POSTs a JSON body to each URL, with the provider's authenticity token
 * and the sandbox's signature, and retries with backoff until
 * a 2xx answer or the retries run out. A receiver that is down, slow or failing cannot block or
 * fail the API call that caused the event. Every delivery still to make is a row of the outbox
 * first, written in the transaction of the change it reports (`record`), so the change and its
 * notification commit together or not at all; with a data file the rows survive a restart:
 * `resume()` picks them up, same event id, attempt number and due time.
 */
export class WebhookDispatcher {
  private readonly delays: readonly number[];
  private readonly timeoutMs: number;
  /** Each delivery waiting for its due time, with the timer that sends it. */
  private readonly waiting = new Map<number, { entry: OutboxEntry; timer: NodeJS.Timeout }>();
  /** The longest wait in real time: a row due further out (the clock had moved in an earlier run) is sent after it. */
  private readonly longestWaitMs: number;
  private readonly inFlight = new Set<AbortController>();
  private closed = false;
  /** Moves on at each {@link forget}: an attempt that began before it records nothing after it. */
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
    private readonly outbox: WebhookOutbox,
    /** The merchant's credentials, read at each attempt; undefined for an account that no longer exists. */
    private readonly credentialsOf: (merchantId: string) => WebhookCredentials | undefined,
    options: WebhookOptions = {},
    private readonly hooks: DispatcherHooks = NO_HOOKS,
  ) {
    this.delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.longestWaitMs = Math.max(0, ...this.delays);
  }

  /** Now on the sandbox's clock: every time of a delivery is on it. */
  private now(): SandboxTime {
    return sandboxTime(this.clock);
  }

  /**
   * Records one event for each URL in the outbox. Call it inside the transaction that made the
   * change, and the returned function once that transaction committed: it schedules the first
   * attempts (a rolled-back change leaves no row and nothing to send). A sandbox that is closing
   * still records the rows, for its next start with the same data file, and schedules nothing.
   */
  record(urls: readonly string[], event: { id: string; type: string }, body: string, merchantId: string): () => void {
    const now = this.now();
    const entries = urls.map((url) => this.outbox.add(merchantId, event, url, body, now, now));
    this.hooks.recorded(merchantId, event.id, body);
    return () => {
      if (!this.closed) for (const entry of entries) this.schedule(entry);
    };
  }

  /** Schedules every delivery left in the outbox by an earlier run (the sandbox restarted). */
  resume(): void {
    for (const entry of this.outbox.all()) this.schedule(entry);
  }

  /**
   * Sends a delivery again (docs/console.md#webhooks): same event id and body, the next attempt
   * number, now; its retries follow as for any attempt. False when it is unknown or still pending
   * (its own retries will send it).
   */
  resend(id: number, merchantId: string): boolean {
    if (this.closed) return false;
    const entry = this.outbox.reopen(id, merchantId, this.now());
    if (!entry) return false;
    this.schedule(entry);
    return true;
  }

  /** One of the merchant's deliveries, whatever its state. */
  delivery(id: number, merchantId: string): DeliveryRecord | undefined {
    return this.outbox.get(id, merchantId);
  }

  /** A page of the merchant's deliveries, newest first (GET /sandbox/webhook-deliveries). */
  deliveries(merchantId: string, filter: DeliveryFilter): DeliveryPage {
    return this.outbox.list(merchantId, filter);
  }

  /** Drops every scheduled attempt and those in flight, the sandbox staying open (its data is being reset). */
  forget(): void {
    this.generation += 1;
    for (const { timer } of this.waiting.values()) clearTimeout(timer);
    for (const controller of this.inFlight) controller.abort();
    this.waiting.clear();
  }

  /**
   * The sandbox's clock moved forward (docs/webhooks.md#retries): every delivery it passed is sent
   * now, and the others wait what is left of their time. So a test moving the clock watches a whole
   * retry schedule in seconds; nobody moving it, each waits its delay in real time.
   */
  clockMoved(): void {
    if (this.closed) return;
    for (const { entry, timer } of [...this.waiting.values()]) {
      clearTimeout(timer);
      this.schedule(entry);
    }
  }

  /** Cancels pending timers and attempts in flight (the sandbox is closing); the outbox keeps them. */
  close(): void {
    this.closed = true;
    this.forget();
  }

  private schedule(entry: OutboxEntry): void {
    // The sandbox's clock runs at the real rate between moves: what is left of the wait is real time.
    const wait = Math.min(Math.max(0, entry.dueAt - this.now()), this.longestWaitMs);
    const timer = setTimeout(() => {
      this.waiting.delete(entry.id);
      void this.attempt(entry);
    }, wait);
    // Pending retries must not keep a test runner or a closing CLI alive.
    timer.unref();
    this.waiting.set(entry.id, { entry, timer });
  }

  private async attempt(entry: OutboxEntry): Promise<void> {
    if (this.closed) return;
    const generation = this.generation;
    const { url, eventId, body, attempt } = entry;
    const credentials = this.credentialsOf(entry.merchantId);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.timeoutMs);
    let outcome: string;
    const at = this.now();
    const started = performance.now();
    // What was sent and answered, as sent: the console shows these, not a re-derivation.
    let headers: Record<string, string> = {};
    let status: number | undefined;
    let answer: string | undefined;
    try {
      if (credentials === undefined) throw new Error('no such merchant');
      const t = Math.floor(at / 1000);
      headers = {
        'content-type': 'application/json',
        'user-agent': 'Gateway-Sandbox-Webhooks/1',
        [AUTHENTICITY_HEADER]: authenticityToken(credentials.token, body),
        [SIGNATURE_HEADER]: `t=${t},v1=${webhookSignature(credentials.webhookSecret, t, body)}`,
        [EVENT_ID_HEADER]: eventId,
        [EVENT_TYPE_HEADER]: entry.eventType,
        [ATTEMPT_HEADER]: String(attempt),
      };
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
        redirect: 'manual',
      });
      status = res.status;
      // Reading the answer frees the connection; its start is kept for the console.
      answer = (await res.text().catch(() => '')).slice(0, ANSWER_EXCERPT_CHARS);
      outcome = res.status >= 200 && res.status < 300 ? 'ok' : `HTTP ${res.status}`;
    } catch (error) {
      outcome = controller.signal.aborted
        ? 'timed out'
        : `failed (${error instanceof Error ? error.message : 'network error'})`;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    // Closing: the row stays in the outbox, and this attempt is made again after a restart.
    // Reset meanwhile: the row is gone.
    if (this.closed || generation !== this.generation) return;
    const retryIn = credentials === undefined ? undefined : this.delays[attempt - 1];
    this.log(
      `webhook ${eventId} to ${shown(url)} attempt ${attempt}: ${outcome}` +
        `${outcome === 'ok' ? '' : retryIn === undefined ? ', giving up' : `, retry in ${retryIn} ms`}`,
    );
    const next =
      outcome === 'ok' || retryIn === undefined
        ? undefined
        : { ...entry, attempt: attempt + 1, dueAt: asSandboxTime(this.now() + retryIn) };
    try {
      if (next) this.outbox.retry(next);
      else this.outbox.done(entry, outcome === 'ok' ? 'delivered' : 'given_up');
      this.hooks.attempted({
        deliveryId: entry.id,
        attempt,
        at,
        url,
        headers,
        ...(status !== undefined && { status }),
        ...(answer !== undefined && { answerExcerpt: answer }),
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        outcome,
        ...(next && { nextRetryAt: next.dueAt }),
        ...(outcome !== 'ok' &&
          !next && {
            givenUp:
              credentials === undefined
                ? 'the merchant account no longer exists'
                : `no retry left after ${attempt} attempts`,
          }),
      });
    } catch (error) {
      // The storage refused the bookkeeping (full: docs/sandbox-operations.md#data-limit). Nothing
      // awaits this attempt, so a throw would be an unhandled rejection, which ends the process. The
      // row keeps its last recorded attempt (a restart makes it again: receivers deduplicate on the
      // event id); this run goes on from memory.
      this.log(
        `webhook ${eventId} to ${shown(url)} attempt ${attempt}: could not be recorded (${error instanceof Error ? error.message : 'storage error'})`,
      );
    }
    if (next) this.schedule(next);
  }
}

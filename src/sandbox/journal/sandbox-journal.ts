import { maskCardDigits } from '../logging/mask-card-digits';
import type { DispatcherHooks } from '../webhooks/webhook-dispatcher';
import type { WebhookAttempts } from '../webhooks/webhook-attempts';
import type { ConsoleFeed } from './console-feed';
import { redactBody } from './redact-body';
import type { LoggedRequest, RequestJournal } from './request-journal';
import { resourceIdsIn } from './resource-ids';
import type { ResourceIndex } from './resource-index';
import type { StatusChange, StatusReports } from './status-changes';

/**
 * A request as the recorder hands it over, before anything is masked: the path and idempotency key
 * as sent, and the body texts the route read and answered. Held in memory only until the batch it
 * belongs to is written (the same event-loop turn), and never written as it is.
 */
export type AnsweredRequest = Omit<LoggedRequest, 'id' | 'resources'>;

/** What the request log keeps of a request: card data masked and redacted, the resources it named. */
function logged(r: AnsweredRequest): Omit<LoggedRequest, 'id'> {
  // Plain assignments, not conditional spreads: this runs for every request (docs/performance.md#the-journal).
  const entry: Omit<LoggedRequest, 'id'> = {
    at: r.at,
    traceId: r.traceId,
    method: r.method,
    path: maskCardDigits(r.path),
    status: r.status,
    durationMs: r.durationMs,
    replayed: r.replayed,
    resources: resourceIdsIn(r.path, r.requestBody, r.responseBody),
  };
  if (r.merchantId !== undefined) entry.merchantId = r.merchantId;
  if (r.idempotencyKey !== undefined) entry.idempotencyKey = maskCardDigits(r.idempotencyKey);
  if (r.requestBody) entry.requestBody = redactBody(r.requestBody);
  if (r.responseBody !== undefined) entry.responseBody = redactBody(r.responseBody);
  return entry;
}

/** A batch this long is written at once. */
const MAX_BATCH = 256;

/**
 * What the sandbox remembers for the console (docs/console.md): the request log, the resources
 * and their state changes, the delivery attempts; and the live feed told of each. Writing here
 * never fails an API call or a delivery: a record the storage refuses is left out.
 *
 * The request log is written in batches: a request answered is queued, and the queue is written
 * in one transaction once the event-loop turn's I/O is done, after the answers of that turn have
 * gone out; masking and redaction happen then too. So an API request pays for none
 * of it in its latency, and under load the log costs one transaction per batch instead of one per
 * request (docs/performance.md#the-journal). {@link flush} writes the queue at once: the sandbox's
 * close calls it, so no request answered is lost to a shutdown.
 */
export class SandboxJournal implements StatusReports {
  private queue: AnsweredRequest[] = [];
  private changes: StatusChange[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    readonly requests: RequestJournal,
    readonly resources: ResourceIndex,
    readonly attempts: WebhookAttempts,
    readonly feed: ConsoleFeed,
    private readonly log: (line: string) => void,
    /** False: nothing is recorded (SandboxOptions.journal), for measuring what recording costs. */
    readonly on = true,
  ) {
    requests.beforeRead = () => this.flush();
    resources.beforeRead = () => this.flush();
  }

  /** Queues one request for the log. */
  request(entry: AnsweredRequest): void {
    this.queue.push(entry);
    this.schedule();
  }

  /** Queues a status change the domain reported (journal/status-changes.ts), written with the next batch. */
  changed(change: StatusChange): void {
    if (!this.on) return;
    this.changes.push(change);
    this.schedule();
  }

  /**
   * Writes the queue once the event-loop turn's I/O is done (setImmediate), or at once when it is
   * long. Gathering for longer (5 ms was tried) costs the same CPU per request but makes each write
   * a longer pause: at 32 connections the sandbox answered about a quarter fewer requests and its
   * p99 rose by half, measured side by side (docs/performance.md#the-journal).
   */
  private schedule(): void {
    if (this.queue.length + this.changes.length >= MAX_BATCH) this.flush();
    else this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Writes what is queued now (the batch gathering, or everything left at shutdown). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const batch = this.queue;
    const changes = this.changes;
    if (batch.length === 0 && changes.length === 0) return;
    this.queue = [];
    this.changes = [];
    if (batch.length) this.safely('request log', () => this.requests.addAll(batch.map(logged)));
    let moved: Array<{ id: string; merchantId: string }> = [];
    if (changes.length)
      this.safely('state changes', () => {
        moved = this.resources.applyAll(changes);
      });
    for (const entry of batch)
      this.feed.publish({
        type: 'request',
        id: entry.traceId,
        ...(entry.merchantId && { merchantId: entry.merchantId }),
      });
    for (const { id, merchantId } of moved) this.feed.publish({ type: 'status', merchantId, id });
  }

  /** Drops what is queued and not written yet (POST /sandbox/reset empties the log). */
  forget(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.queue = [];
    this.changes = [];
  }

  /** The dispatcher's hooks: each attempt is kept and announced. */
  readonly webhookHooks: DispatcherHooks = {
    recorded: () => {},
    attempted: (attempt) => {
      if (!this.on) return;
      this.safely('webhook attempts', () => this.attempts.record(attempt));
      this.feed.publish({ type: 'delivery', id: String(attempt.deliveryId) });
    },
  };

  private safely(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.log(`${what}: could not be recorded (${error instanceof Error ? error.message : 'storage error'})`);
    }
  }
}

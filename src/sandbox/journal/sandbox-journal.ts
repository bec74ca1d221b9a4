import { maskCardDigits } from '../logging/mask-card-digits';
import type { DispatcherHooks } from '../webhooks/webhook-dispatcher';
import type { WebhookAttempts } from '../webhooks/webhook-attempts';
import type { ConsoleFeed } from './console-feed';
import { redactBody } from './redact-body';
import type { LoggedRequest, RequestJournal } from './request-journal';
import { resourceIdsIn } from './resource-ids';
import type { ResourceIndex } from './resource-index';
import type { StatusChange, StatusReports } from './status-changes';
import { WriteQueue } from './write-queue';

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

/**
 * A request as the recorder hands it over, before anything is masked: the path and idempotency key
 * as sent, and the body texts the route read and answered. Held in memory only until it is
 * written, and never written as it is.
 */
export type AnsweredRequest = Omit<LoggedRequest, 'id' | 'resources'>;

/** What a queued request counts for against the log's byte limit: its texts as sent. */
const textBytes = (r: AnsweredRequest): number =>
  r.path.length + (r.requestBody?.length ?? 0) + (r.responseBody?.length ?? 0);

/**
 * The sandbox is quiet once this long has gone by without a request or a change: the journal
 * writes then. Longer than the pauses inside a burst (a load generator's or a test runner's own
 * garbage collection, a scheduler's time slice), shorter than those between a suite's tests.
 */
const QUIET_MS = 50;
/**
 * What one slice of a catch-up writes, either kind about 3 ms of work, so a request arriving
 * meanwhile waits for one slice at most: a request's log row, redaction included, costs about
 * 15 times a status change's rows.
 */
const SLICE = { requests: 32, changes: 512 };
/** Status changes waiting past this many (some 10 MB) are written a slice per turn, however busy the sandbox is. */
const MAX_PENDING_CHANGES = 50_000;

/**
 * What the sandbox remembers for the console (docs/console.md): the request log, the resources
 * and their state changes, the delivery attempts; and the live feed told of each. Writing here
 * never fails an API call or a delivery: a record the storage refuses is left out.
 *
 * Recording costs a request only a place in a queue. Masking, redaction, finding the resources
 * named and writing the rows happen once the sandbox is quiet ({@link QUIET_MS} without a request),
 * a slice per turn so requests arriving meanwhile are answered between slices; and at once when
 * something reads the journal, at close, and at the end of each turn while the console watches it
 * live. So a burst of requests (a test suite's) pays for none of it, and the work is done in the
 * pauses after (docs/performance.md#the-journal). The request queue keeps the newest requests
 * within the log's own limits: under load that never pauses, a request the log would drop before
 * anyone could read it is dropped unwritten. Until written, a request's texts are held in memory
 * as sent, never written as they are. Status changes are all kept; past {@link MAX_PENDING_CHANGES}
 * waiting they are written as they come.
 */
export class SandboxJournal implements StatusReports {
  private readonly queue: WriteQueue<AnsweredRequest>;
  private readonly changes = new WriteQueue<StatusChange>();
  /** Counts what arrives, so a catch-up can see that the sandbox is busy again. */
  private arrivals = 0;
  /** Armed by an arrival while none is; undefined once it found the sandbox quiet. */
  private quiet: NodeJS.Timeout | undefined;
  /** {@link arrivals} when the quiet timer was last armed. */
  private armedAt = 0;
  private soon: NodeJS.Immediate | undefined;

  constructor(
    readonly requests: RequestJournal,
    readonly resources: ResourceIndex,
    readonly attempts: WebhookAttempts,
    readonly feed: ConsoleFeed,
    private readonly log: (line: string) => void,
    /** False: nothing is recorded (SandboxOptions.journal), for measuring what recording costs. */
    readonly on = true,
  ) {
    const { maxEntries, maxBytes } = requests.limits;
    this.queue = new WriteQueue({ maxItems: maxEntries, maxBytes, bytesOf: textBytes });
    requests.beforeRead = () => this.flush();
    resources.beforeRead = () => this.flush();
  }

  /** Queues one request for the log. */
  request(entry: AnsweredRequest): void {
    this.queue.push(entry);
    this.arrived();
  }

  /** Queues a status change the domain reported (journal/status-changes.ts). */
  changed(change: StatusChange): void {
    if (!this.on) return;
    this.changes.push(change);
    this.arrived();
  }

  /**
   * Waits for quiet; writes at the end of this turn instead when the console is watching live (its
   * feed has a listener) or too many changes wait. An arrival only counts itself: the timer, armed
   * once, looks at the count when it fires and waits again if anything arrived (so quiet is seen
   * 50 to 100 ms after the last arrival), which spares every request a timer operation.
   */
  private arrived(): void {
    this.arrivals++;
    if (this.feed.listening || this.changes.length > MAX_PENDING_CHANGES) this.soon ??= setImmediate(this.eachTurn);
    if (!this.quiet) {
      this.armedAt = this.arrivals;
      this.quiet = setTimeout(this.whenQuiet, QUIET_MS).unref();
    }
  }

  private readonly whenQuiet = (): void => {
    if (this.arrivals !== this.armedAt) {
      this.armedAt = this.arrivals;
      this.quiet!.refresh();
      return;
    }
    this.quiet = undefined;
    this.catchUp();
  };

  private readonly eachTurn = (): void => {
    this.soon = undefined;
    if (this.feed.listening) this.flush();
    else this.writeChanges(this.changes.take(SLICE.changes));
  };

  /** Writes a slice, then the next in a turn of its own, until the queues are empty or something arrives. */
  private catchUp(): void {
    const seen = this.arrivals;
    // Changes first: they are what the console's lists and timelines show.
    if (this.changes.length) this.writeChanges(this.changes.take(SLICE.changes));
    else this.writeRequests(this.queue.take(SLICE.requests));
    if (this.queue.length === 0 && this.changes.length === 0) return;
    this.soon ??= setImmediate(() => {
      this.soon = undefined;
      // Something arrived: it armed the quiet timer again, and the catch-up waits for it.
      if (this.arrivals === seen) this.catchUp();
    });
  }

  /** Writes everything queued now: before a read, at close, and each turn while the console watches. */
  flush(): void {
    if (this.soon) clearImmediate(this.soon);
    this.soon = undefined;
    this.writeChanges(this.changes.take());
    this.writeRequests(this.queue.take());
  }

  /** Writes what is queued and stops waiting for quiet (the sandbox's close, after its last request). */
  close(): void {
    this.flush();
    clearTimeout(this.quiet);
    this.quiet = undefined;
  }

  private writeRequests(batch: readonly AnsweredRequest[]): void {
    if (batch.length === 0) return;
    this.safely('request log', () => this.requests.addAll(batch.map(logged)));
    for (const entry of batch)
      this.feed.publish({
        type: 'request',
        id: entry.traceId,
        ...(entry.merchantId && { merchantId: entry.merchantId }),
      });
  }

  private writeChanges(changes: readonly StatusChange[]): void {
    if (changes.length === 0) return;
    let moved: Array<{ id: string; merchantId: string }> = [];
    this.safely('state changes', () => {
      moved = this.resources.applyAll(changes);
    });
    for (const { id, merchantId } of moved) this.feed.publish({ type: 'status', merchantId, id });
  }

  /** Drops what is queued and not written yet (POST /sandbox/reset empties the log). */
  forget(): void {
    if (this.soon) clearImmediate(this.soon);
    this.soon = undefined;
    this.queue.clear();
    this.changes.clear();
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

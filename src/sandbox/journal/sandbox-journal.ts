import type { Clock } from '../clock';
import type { DispatcherHooks } from '../webhooks/webhook-dispatcher';
import type { WebhookAttempts } from '../webhooks/webhook-attempts';
import type { ConsoleFeed } from './console-feed';
import type { LoggedRequest, RequestJournal } from './request-journal';
import type { ResourceIndex } from './resource-index';

/**
 * What the sandbox remembers for the console (docs/console.md): the request log, the resources
 * and their state changes, the delivery attempts; and the live feed told of each. Writing here
 * never fails an API call or a delivery: a record the storage refuses is left out.
 */
export class SandboxJournal {
  constructor(
    readonly requests: RequestJournal,
    readonly resources: ResourceIndex,
    readonly attempts: WebhookAttempts,
    readonly feed: ConsoleFeed,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  /** Logs one request and what its answer showed of the resources. */
  request(entry: Omit<LoggedRequest, 'id'>): void {
    this.safely('request log', () => {
      this.requests.add(entry);
      if (entry.merchantId && entry.responseBody && entry.status < 300)
        this.statuses(entry.merchantId, entry.responseBody, { kind: 'request', id: entry.traceId });
    });
    this.feed.publish({
      type: 'request',
      id: entry.traceId,
      ...(entry.merchantId && { merchantId: entry.merchantId }),
    });
  }

  /** The dispatcher's hooks: a notification's body shows statuses too; each attempt is kept and announced. */
  readonly webhookHooks: DispatcherHooks = {
    recorded: (merchantId, eventId, body) => {
      this.safely('state changes', () => this.statuses(merchantId, body, { kind: 'notification', id: eventId }));
    },
    attempted: (attempt) => {
      this.safely('webhook attempts', () => this.attempts.record(attempt));
      this.feed.publish({ type: 'delivery', id: String(attempt.deliveryId) });
    },
  };

  private statuses(merchantId: string, json: string, source: { kind: 'request' | 'notification'; id: string }) {
    for (const id of this.resources.observe(merchantId, json, this.clock.now().getTime(), source))
      this.feed.publish({ type: 'status', merchantId, id });
  }

  private safely(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.log(`${what}: could not be recorded (${error instanceof Error ? error.message : 'storage error'})`);
    }
  }
}

/** What the console's live stream says happened (GET /sandbox/events, docs/console.md#live-updates). */
export interface FeedEvent {
  /**
   * A request was logged, a status changed (or what a resource's page shows: a challenge code was
   * typed), a delivery was attempted or resent, the clock moved, the data was reset.
   */
  type: 'request' | 'status' | 'delivery' | 'clock' | 'reset';
  /** Whose it is; undefined for what every merchant sees (the clock, a request without a valid token). */
  merchantId?: string;
  /** The request's trace id, the resource's id, the delivery's id. */
  id?: string;
}

type Listener = (event: FeedEvent) => void;

/**
 * The live events of one sandbox: the journal publishes, each open event stream listens. Closing
 * tells every listener to end (`undefined`), so open streams do not hold a shutdown for its grace.
 */
export class ConsoleFeed {
  private readonly listeners = new Set<(event: FeedEvent | undefined) => void>();
  private closed = false;

  /** Listens until the returned function is called; `undefined` means the sandbox is closing. */
  subscribe(listener: (event: FeedEvent | undefined) => void): () => void {
    if (this.closed) {
      listener(undefined);
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether an event stream is open: the console is watching live. */
  get listening(): boolean {
    return this.listeners.size > 0;
  }

  publish(event: FeedEvent): void {
    for (const listener of this.listeners) (listener as Listener)(event);
  }

  close(): void {
    this.closed = true;
    for (const listener of this.listeners) listener(undefined);
    this.listeners.clear();
  }
}

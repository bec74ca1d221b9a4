/** The most a queue holds; past either bound the oldest items go, unwritten. */
export interface QueueBounds<T> {
  maxItems: number;
  maxBytes: number;
  bytesOf: (item: T) => number;
}

/**
 * What the journal has been told and not yet written, oldest first (journal/sandbox-journal.ts).
 * Bounded, it keeps only the newest items within its bounds: for the request log, the newest the
 * log itself would keep, so a request the log would drop before anyone could read it is dropped
 * here unwritten, and memory holds no more than the log would (docs/performance.md#the-journal).
 */
export class WriteQueue<T> {
  private items: Array<T | undefined> = [];
  /** The oldest item still queued; the places before it are spent. */
  private head = 0;
  private bytes = 0;

  constructor(private readonly bounds?: QueueBounds<T>) {}

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
    const bounds = this.bounds;
    if (!bounds) return;
    this.bytes += bounds.bytesOf(item);
    while (this.length > bounds.maxItems || (this.bytes > bounds.maxBytes && this.length > 1)) {
      this.bytes -= bounds.bytesOf(this.items[this.head]!);
      this.items[this.head++] = undefined;
    }
    this.compactWhenHalfSpent();
  }

  /** Takes up to `count` of the oldest, oldest first. */
  take(count = Number.POSITIVE_INFINITY): T[] {
    const end = Math.min(this.items.length, this.head + count);
    const taken = this.items.slice(this.head, end) as T[];
    if (this.bounds) for (const item of taken) this.bytes -= this.bounds.bytesOf(item);
    this.head = end;
    this.compactWhenHalfSpent();
    return taken;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
    this.bytes = 0;
  }

  /** Moving the items down only once half the array is spent keeps push and take O(1) on average. */
  private compactWhenHalfSpent(): void {
    if (this.head === this.items.length) this.clear();
    else if (this.head > 64 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}

import type { Db } from '../storage/database';

/** One delivery still to make: `attempt` is the number of the next attempt, `dueAt` its time (epoch ms). */
export interface OutboxEntry {
  id: number;
  merchantId: string;
  eventId: string;
  /** `CHARGE.PAID`, …: the `x-gateway-event-type` header (the body is the order itself). */
  eventType: string;
  url: string;
  body: string;
  attempt: number;
  dueAt: number;
}

/** A row an earlier sandbox recorded: its body is the old envelope, `{ id, type, order_id, charge, … }`. */
export interface LegacyOutboxRow {
  id: number;
  merchantId: string;
  body: string;
}

interface Row {
  id: number;
  merchant_id: string;
  event_id: string;
  event_type: string | null;
  url: string;
  body: string;
  attempt: number;
  due_at: number;
}

const toEntry = (r: Row): OutboxEntry => ({
  id: r.id,
  merchantId: r.merchant_id,
  eventId: r.event_id,
  eventType: r.event_type ?? '',
  url: r.url,
  body: r.body,
  attempt: r.attempt,
  dueAt: r.due_at,
});

/**
 * Deliveries not yet made, in SQLite: an event is written here before anything is sent, and a
 * row leaves only when its receiver answered 2xx or its retries ran out. With a data file,
 * pending deliveries therefore survive a restart.
 */
export class WebhookOutbox {
  private readonly insert;
  private readonly reschedule;
  private readonly remove;
  private readonly pending;
  private readonly legacyRows;
  private readonly upgrade;

  constructor(db: Db) {
    this.insert = db.prepare<[string, string, string, string, string, number]>(
      'INSERT INTO webhook_outbox (merchant_id, event_id, event_type, url, body, attempt, due_at) VALUES (?, ?, ?, ?, ?, 1, ?)',
    );
    this.reschedule = db.prepare<[number, number, number]>(
      'UPDATE webhook_outbox SET attempt = ?, due_at = ? WHERE id = ?',
    );
    this.remove = db.prepare<[number]>('DELETE FROM webhook_outbox WHERE id = ?');
    this.pending = db.prepare<[], Row>('SELECT * FROM webhook_outbox ORDER BY due_at, id');
    this.legacyRows = db.prepare<[], { id: number; merchant_id: string; body: string }>(
      'SELECT id, merchant_id, body FROM webhook_outbox WHERE event_type IS NULL ORDER BY id',
    );
    this.upgrade = db.prepare<[string, string, number]>(
      'UPDATE webhook_outbox SET event_type = ?, body = ? WHERE id = ?',
    );
  }

  /** Records the first attempt of an event to one URL, due at `dueAt`. */
  add(merchantId: string, event: { id: string; type: string }, url: string, body: string, dueAt: number): OutboxEntry {
    const id = Number(this.insert.run(merchantId, event.id, event.type, url, body, dueAt).lastInsertRowid);
    return { id, merchantId, eventId: event.id, eventType: event.type, url, body, attempt: 1, dueAt };
  }

  /** Rows recorded by a sandbox from before version 7 of the data file (no event type, an envelope body). */
  legacy(): LegacyOutboxRow[] {
    return this.legacyRows.all().map((r) => ({ id: r.id, merchantId: r.merchant_id, body: r.body }));
  }

  /** Gives a legacy row its event type and the body it is now delivered with. */
  upgradeLegacy(id: number, eventType: string, body: string): void {
    this.upgrade.run(eventType, body, id);
  }

  /** Records an entry's next attempt (its number and when it is due). */
  retry(next: OutboxEntry): void {
    this.reschedule.run(next.attempt, next.dueAt, next.id);
  }

  /** Delivered, or given up. */
  done(entry: OutboxEntry): void {
    this.remove.run(entry.id);
  }

  /** Every entry still to deliver, soonest first. */
  all(): OutboxEntry[] {
    return this.pending.all().map(toEntry);
  }
}

import type { Db } from '../storage/database';
import { asSandboxTime, type SandboxTime } from '../values/time';

/**
 * One delivery still to make: `attempt` is the number of the next attempt, `dueAt` its time on the
 * sandbox's clock (so moving the clock past it sends it: docs/webhooks.md#retries). Rows of a
 * sandbox from before held the machine's time there; the clock restarts at it, so they read the same.
 */
export interface OutboxEntry {
  id: number;
  merchantId: string;
  eventId: string;
  /** `CHARGE.PAID`, …: the `x-gateway-event-type` header (the body is the order itself). */
  eventType: string;
  url: string;
  body: string;
  attempt: number;
  dueAt: SandboxTime;
}

/** Where a delivery stands: still to make (first try or retrying), delivered, or given up. */
export type DeliveryState = 'pending' | 'delivered' | 'given_up';

/**
 * A delivery's state as the console and its endpoints show it: a pending one whose first attempt
 * failed is `retrying`. The one place that rule is written; the list's SQL filter below says the same.
 */
export type ShownDeliveryState = DeliveryState | 'retrying';
export const shownDeliveryState = (d: { state: DeliveryState; attempt: number }): ShownDeliveryState =>
  d.state === 'pending' && d.attempt > 1 ? 'retrying' : d.state;

/** The filters of a page of deliveries (GET /sandbox/webhook-deliveries, the console's list). */
export interface DeliveryFilter {
  state?: ShownDeliveryState;
  /** Only those about this order, charge, QR code or 3DS authentication id. */
  resource?: string;
  /** Only this event type (`CHARGE.PAID`, …). */
  eventType?: string;
  /** Only URLs containing this text. */
  url?: string;
  before?: number;
  limit: number;
}

/** A delivery as the console lists it (GET /sandbox/webhook-deliveries). */
export interface DeliveryRecord extends OutboxEntry {
  state: DeliveryState;
  /** When the event was recorded, on the sandbox's clock, as `dueAt`. */
  createdAt: SandboxTime;
}

/** A page of deliveries, newest first, and whether more follow. */
export interface DeliveryPage {
  deliveries: DeliveryRecord[];
  /** The id to pass as `before` for the next page; undefined on the last. */
  next?: number;
}

/** The ids of the orders, charges, QR codes, 3DS authentications and checkouts a body names: what a delivery is about. */
const RESOURCE_IDS = /(?:ORDE|CHAR|QRCO|3DS|CHEC)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

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
  state: DeliveryState;
  created_at: number;
}

const toEntry = (r: Row): OutboxEntry => ({
  id: r.id,
  merchantId: r.merchant_id,
  eventId: r.event_id,
  eventType: r.event_type ?? '',
  url: r.url,
  body: r.body,
  attempt: r.attempt,
  dueAt: asSandboxTime(r.due_at),
});

const toRecord = (r: Row): DeliveryRecord => ({
  ...toEntry(r),
  state: r.state,
  createdAt: asSandboxTime(r.created_at),
});

/**
 * Deliveries, in SQLite: an event is written here before anything is sent, and stays `pending`
 * until its receiver answered 2xx (`delivered`) or its retries ran out (`given_up`). With a data
 * file, pending deliveries therefore survive a restart. Done rows stay for the console
 * (docs/console.md) until POST /sandbox/reset, and one can be sent again (`reopen`).
 */
export class WebhookOutbox {
  private readonly insert;
  private readonly reschedule;
  private readonly finish;
  private readonly pending;
  private readonly byId;
  private readonly page;
  private readonly pageAbout;
  private readonly link;
  private readonly reopened;
  private readonly legacyRows;
  private readonly upgrade;

  constructor(db: Db) {
    this.insert = db.prepare<[string, string, string, string, string, number, number]>(
      'INSERT INTO webhook_outbox (merchant_id, event_id, event_type, url, body, attempt, due_at, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
    );
    this.reschedule = db.prepare<[number, number, number]>(
      "UPDATE webhook_outbox SET attempt = ?, due_at = ?, state = 'pending' WHERE id = ?",
    );
    this.finish = db.prepare<[DeliveryState, number]>('UPDATE webhook_outbox SET state = ? WHERE id = ?');
    this.pending = db.prepare<[], Row>("SELECT * FROM webhook_outbox WHERE state = 'pending' ORDER BY due_at, id");
    this.byId = db.prepare<[number, string], Row>('SELECT * FROM webhook_outbox WHERE id = ? AND merchant_id = ?');
    // `state` NULL: every state; `retrying`: pending after a first failed attempt. About one
    // resource, the deliveries come from the index of their resources (migration 9), not a scan.
    const states =
      "(@state IS NULL OR (@state = 'retrying' AND state = 'pending' AND attempt > 1) OR state = @state)" +
      ' AND (@event_type IS NULL OR event_type = @event_type) AND (@url IS NULL OR instr(url, @url) > 0)';
    type Page = {
      merchant: string;
      state: string | null;
      event_type: string | null;
      url: string | null;
      before: number;
      limit: number;
    };
    this.page = db.prepare<Page, Row>(
      `SELECT * FROM webhook_outbox WHERE merchant_id = @merchant AND id < @before AND ${states}
       ORDER BY id DESC LIMIT @limit`,
    );
    this.pageAbout = db.prepare<Page & { resource: string }, Row>(
      `SELECT o.* FROM delivery_resources r JOIN webhook_outbox o ON o.id = r.delivery_id
        WHERE r.resource_id = @resource AND r.delivery_id < @before AND o.merchant_id = @merchant AND ${states}
        ORDER BY r.delivery_id DESC LIMIT @limit`,
    );
    this.link = db.prepare<[string, number]>(
      'INSERT OR IGNORE INTO delivery_resources (resource_id, delivery_id) VALUES (?, ?)',
    );
    this.reopened = db.prepare<[number, number]>(
      "UPDATE webhook_outbox SET attempt = attempt + 1, due_at = ?, state = 'pending' WHERE id = ? AND state != 'pending'",
    );
    this.legacyRows = db.prepare<[], { id: number; merchant_id: string; body: string }>(
      'SELECT id, merchant_id, body FROM webhook_outbox WHERE event_type IS NULL ORDER BY id',
    );
    this.upgrade = db.prepare<[string, string, number]>(
      'UPDATE webhook_outbox SET event_type = ?, body = ? WHERE id = ?',
    );
  }

  /** Records the first attempt of an event to one URL, made at `createdAt` and due at `dueAt` (both the sandbox's clock). */
  add(
    merchantId: string,
    event: { id: string; type: string },
    url: string,
    body: string,
    dueAt: SandboxTime,
    createdAt: SandboxTime = dueAt,
  ): OutboxEntry {
    const id = Number(this.insert.run(merchantId, event.id, event.type, url, body, dueAt, createdAt).lastInsertRowid);
    for (const resource of new Set(body.match(RESOURCE_IDS) ?? [])) this.link.run(resource, id);
    return { id, merchantId, eventId: event.id, eventType: event.type, url, body, attempt: 1, dueAt };
  }

  /** One delivery of the merchant's, by id. */
  get(id: number, merchantId: string): DeliveryRecord | undefined {
    const row = this.byId.get(id, merchantId);
    return row && toRecord(row);
  }

  /**
   * The merchant's deliveries, newest first, `limit` a page: in one state (`retrying` is a pending
   * one whose first attempt failed), about one resource (its id in the body), before an id.
   */
  list(merchantId: string, filter: DeliveryFilter): DeliveryPage {
    const query = {
      merchant: merchantId,
      state: filter.state ?? null,
      event_type: filter.eventType ?? null,
      url: filter.url ?? null,
      before: filter.before ?? Number.MAX_SAFE_INTEGER,
      limit: filter.limit + 1,
    };
    const rows = filter.resource ? this.pageAbout.all({ ...query, resource: filter.resource }) : this.page.all(query);
    const deliveries = rows.slice(0, filter.limit).map(toRecord);
    return { deliveries, ...(rows.length > filter.limit && { next: deliveries[deliveries.length - 1]!.id }) };
  }

  /**
   * A done delivery made pending again, its next attempt due at `dueAt`, same event id and body
   * (a resend). Undefined when it is still pending: its own retries will send it.
   */
  reopen(id: number, merchantId: string, dueAt: SandboxTime): OutboxEntry | undefined {
    const found = this.byId.get(id, merchantId);
    if (!found || this.reopened.run(dueAt, id).changes !== 1) return undefined;
    return { ...toEntry(found), attempt: found.attempt + 1, dueAt };
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
  done(entry: OutboxEntry, state: Exclude<DeliveryState, 'pending'>): void {
    this.finish.run(state, entry.id);
  }

  /** Every entry still to deliver, soonest first. */
  all(): OutboxEntry[] {
    return this.pending.all().map(toEntry);
  }
}

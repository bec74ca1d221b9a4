import type { Db } from '../storage/database';
import type { CheckoutBody } from './checkout-request';

/** The status a checkout is stored with; EXPIRED is read from the clock (checkoutStatus). */
export type StoredCheckoutStatus = 'ACTIVE' | 'INACTIVE';
export type CheckoutStatus = StoredCheckoutStatus | 'EXPIRED';

/** A checkout as stored: the request as validated (expiration_date left out: see expiresAt). Times in milliseconds since the epoch. */
export interface CheckoutRecord {
  /** `CHEC_<uuid>`. */
  id: string;
  merchantId: string;
  body: Omit<CheckoutBody, 'expiration_date'>;
  status: StoredCheckoutStatus;
  expiresAt: number;
  createdAt: number;
}

interface Row {
  id: string;
  merchant_id: string;
  body: string;
  status: StoredCheckoutStatus;
  expires_at: number;
  created_at: number;
}

const toRecord = (r: Row): CheckoutRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  body: JSON.parse(r.body) as CheckoutRecord['body'],
  status: r.status,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
});

/** A checkout's status at `now`: EXPIRED once the clock reaches its expiration_date, whatever it was. */
export const checkoutStatus = (c: CheckoutRecord, now: number): CheckoutStatus =>
  now >= c.expiresAt ? 'EXPIRED' : c.status;

/** Stores checkouts and the orders their pages made. Writes are single statements; callers group them. */
export class CheckoutStore {
  private readonly insertRow;
  private readonly byId;
  private readonly setStatus;
  private readonly addOrder;
  private readonly ordersOf;
  private readonly expiring;

  constructor(db: Db) {
    this.insertRow = db.prepare<[Row]>(
      `INSERT INTO checkouts (id, merchant_id, body, status, expires_at, created_at)
       VALUES (@id, @merchant_id, @body, @status, @expires_at, @created_at)`,
    );
    this.byId = db.prepare<[string], Row>('SELECT * FROM checkouts WHERE id = ?');
    // Guarded: only a checkout that is not expired at `now` and is in the expected status moves.
    this.setStatus = db.prepare<[StoredCheckoutStatus, string, StoredCheckoutStatus, number]>(
      'UPDATE checkouts SET status = ? WHERE id = ? AND status = ? AND expires_at > ?',
    );
    this.addOrder = db.prepare<[string, string, number]>(
      'INSERT INTO checkout_orders (checkout_id, order_id, created_at) VALUES (?, ?, ?)',
    );
    this.ordersOf = db.prepare<[string], { order_id: string }>(
      'SELECT order_id FROM checkout_orders WHERE checkout_id = ? ORDER BY created_at, order_id',
    );
    this.expiring = db.prepare<[number, number], Row>(
      'SELECT * FROM checkouts WHERE expires_at > ? AND expires_at <= ? ORDER BY expires_at, id',
    );
  }

  insert(c: CheckoutRecord): void {
    this.insertRow.run({
      id: c.id,
      merchant_id: c.merchantId,
      body: JSON.stringify(c.body),
      status: c.status,
      expires_at: c.expiresAt,
      created_at: c.createdAt,
    });
  }

  /** The merchant's checkout; undefined for an unknown id or another merchant's checkout. */
  get(id: string, merchantId: string): CheckoutRecord | undefined {
    const row = this.byId.get(id);
    return row && row.merchant_id === merchantId ? toRecord(row) : undefined;
  }

  /** Any account's checkout, for its public pay page (the id is unguessable). */
  getPublic(id: string): CheckoutRecord | undefined {
    const row = this.byId.get(id);
    return row && toRecord(row);
  }

  /** Moves a checkout from `from` to `to` unless it expired by `now`. False when it was not in `from` or has expired. */
  move(id: string, from: StoredCheckoutStatus, to: StoredCheckoutStatus, now: number): boolean {
    return this.setStatus.run(to, id, from, now).changes === 1;
  }

  /** Records an order the checkout's page made. */
  linkOrder(checkoutId: string, orderId: string, at: number): void {
    this.addOrder.run(checkoutId, orderId, at);
  }

  /** The ids of the orders the checkout's page made, oldest first. */
  orderIds(checkoutId: string): string[] {
    return this.ordersOf.all(checkoutId).map((r) => r.order_id);
  }

  /** Every account's checkouts whose expiration_date is after `from` and at or before `to`: those the clock just expired. */
  expiringBetween(from: number, to: number): CheckoutRecord[] {
    return this.expiring.all(from, to).map(toRecord);
  }
}

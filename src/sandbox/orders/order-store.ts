import type { Db } from '../storage/database';
import type { OrderBody } from './order-request';

/** An order as stored: what was sent, normalised, without its charges (those are in the charges table). */
export interface OrderRecord {
  id: string;
  merchantId: string;
  referenceId: string | null;
  customer: OrderBody['customer'];
  items: NonNullable<OrderBody['items']>;
  shipping: OrderBody['shipping'] | null;
  notificationUrls: string[];
  /** Milliseconds since the epoch. */
  createdAt: number;
}

interface Row {
  id: string;
  merchant_id: string;
  reference_id: string | null;
  customer: string;
  items: string;
  shipping: string | null;
  notification_urls: string;
  created_at: number;
}

/** Stores orders; an order's charges live in the ChargeStore under its id. */
export class OrderStore {
  private readonly insertRow;
  private readonly byId;

  constructor(db: Db) {
    // Positional parameters: better-sqlite3 binds them without a property lookup per name (docs/performance.md).
    this.insertRow = db.prepare<
      [
        Row['id'],
        Row['merchant_id'],
        Row['reference_id'],
        Row['customer'],
        Row['items'],
        Row['shipping'],
        Row['notification_urls'],
        Row['created_at'],
      ]
    >(
      `INSERT INTO orders (id, merchant_id, reference_id, customer, items, shipping, notification_urls, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byId = db.prepare<[string, string], Row>('SELECT * FROM orders WHERE id = ? AND merchant_id = ?');
  }

  insert(o: OrderRecord): void {
    this.insertRow.run(
      o.id,
      o.merchantId,
      o.referenceId,
      JSON.stringify(o.customer),
      JSON.stringify(o.items),
      o.shipping ? JSON.stringify(o.shipping) : null,
      JSON.stringify(o.notificationUrls),
      o.createdAt,
    );
  }

  /** The merchant's order; undefined for an unknown id or another merchant's order. */
  get(id: string, merchantId: string): OrderRecord | undefined {
    const r = this.byId.get(id, merchantId);
    return (
      r && {
        id: r.id,
        merchantId: r.merchant_id,
        referenceId: r.reference_id,
        customer: JSON.parse(r.customer) as OrderRecord['customer'],
        items: JSON.parse(r.items) as OrderRecord['items'],
        shipping: r.shipping === null ? null : (JSON.parse(r.shipping) as OrderRecord['shipping']),
        notificationUrls: JSON.parse(r.notification_urls) as string[],
        createdAt: r.created_at,
      }
    );
  }
}

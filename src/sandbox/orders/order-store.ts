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
    this.insertRow = db.prepare<[Row]>(
      `INSERT INTO orders (id, merchant_id, reference_id, customer, items, shipping, notification_urls, created_at)
       VALUES (@id, @merchant_id, @reference_id, @customer, @items, @shipping, @notification_urls, @created_at)`,
    );
    this.byId = db.prepare<[string, string], Row>('SELECT * FROM orders WHERE id = ? AND merchant_id = ?');
  }

  insert(o: OrderRecord): void {
    this.insertRow.run({
      id: o.id,
      merchant_id: o.merchantId,
      reference_id: o.referenceId,
      customer: JSON.stringify(o.customer),
      items: JSON.stringify(o.items),
      shipping: o.shipping ? JSON.stringify(o.shipping) : null,
      notification_urls: JSON.stringify(o.notificationUrls),
      created_at: o.createdAt,
    });
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

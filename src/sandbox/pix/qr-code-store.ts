import type { Db } from '../storage/database';
import type { SplitsBody } from '../splits/split-request';

/** A Pix QR code of an order, as stored. Times are milliseconds since the epoch; the amount is cents. */
export interface QrCodeRecord {
  /** `QRCO_<uuid>`. */
  id: string;
  merchantId: string;
  orderId: string;
  amount: number;
  /** The BR Code, fixed at creation like a printed code (later account settings do not change it). */
  text: string;
  /** Payable before this instant; the expire simulator moves it to the time it ran. */
  expiresAt: number;
  /** The charge its payment made; null while unpaid. */
  chargeId: string | null;
  createdAt: number;
  /** How the payment's charge will be split among receivers (docs/splits.md), when the order asked. */
  splits: SplitsBody | null;
  /** How the code may be paid: PIX, and PAGBANK (the provider's wallet) when the order asked (docs/pix.md). */
  arrangements: QrCodeArrangement[];
}

/** PIX: any bank's Pix; PAGBANK: the provider's wallet ("Pagar com PagBank"). */
export const QR_CODE_ARRANGEMENTS = ['PIX', 'PAGBANK'] as const;
export type QrCodeArrangement = (typeof QR_CODE_ARRANGEMENTS)[number];

interface Row {
  id: string;
  merchant_id: string;
  order_id: string;
  amount: number;
  text: string;
  expires_at: number;
  charge_id: string | null;
  created_at: number;
  splits: string | null;
  arrangements: string | null;
}

const toRecord = (r: Row): QrCodeRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  orderId: r.order_id,
  amount: r.amount,
  text: r.text,
  expiresAt: r.expires_at,
  chargeId: r.charge_id,
  createdAt: r.created_at,
  splits: r.splits === null ? null : (JSON.parse(r.splits) as SplitsBody),
  // Codes stored before the column existed were Pix only.
  arrangements: r.arrangements === null ? ['PIX'] : (JSON.parse(r.arrangements) as QrCodeArrangement[]),
});

/** Stores orders' Pix QR codes. Writes are single statements; callers group them in a transaction. */
export class QrCodeStore {
  private readonly insertRow;
  private readonly byId;
  private readonly byOrder;
  private readonly settle;
  private readonly expireRow;
  private readonly expiringRows;

  constructor(db: Db) {
    this.insertRow = db.prepare<[string, string, string, number, string, number, number, string | null, string]>(
      `INSERT INTO qr_codes (id, merchant_id, order_id, amount, text, expires_at, created_at, splits, arrangements)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byId = db.prepare<[string], Row>('SELECT * FROM qr_codes WHERE id = ?');
    this.byOrder = db.prepare<[string], Row>('SELECT * FROM qr_codes WHERE order_id = ? ORDER BY created_at, rowid');
    // Guarded like a charge transition: a code is paid once, and only while it is payable.
    this.settle = db.prepare<[string, string, number]>(
      'UPDATE qr_codes SET charge_id = ? WHERE id = ? AND charge_id IS NULL AND expires_at > ?',
    );
    this.expiringRows = db.prepare<[number, number], Row>(
      'SELECT * FROM qr_codes WHERE charge_id IS NULL AND expires_at > ? AND expires_at <= ? ORDER BY expires_at, rowid',
    );
    this.expireRow = db.prepare<[number, string, number]>(
      'UPDATE qr_codes SET expires_at = ? WHERE id = ? AND charge_id IS NULL AND expires_at > ?',
    );
  }

  /** Every account's unpaid codes whose expiry is after `from` and at or before `to`, soonest first: those the clock just passed. */
  expiringBetween(from: number, to: number): QrCodeRecord[] {
    return this.expiringRows.all(from, to).map(toRecord);
  }

  insert(q: QrCodeRecord): void {
    const splits = q.splits && JSON.stringify(q.splits);
    const arrangements = JSON.stringify(q.arrangements);
    this.insertRow.run(q.id, q.merchantId, q.orderId, q.amount, q.text, q.expiresAt, q.createdAt, splits, arrangements);
  }

  /** The merchant's QR code; undefined for an unknown id or another merchant's code. */
  get(id: string, merchantId: string): QrCodeRecord | undefined {
    const row = this.byId.get(id);
    return row && row.merchant_id === merchantId ? toRecord(row) : undefined;
  }

  /** Any account's QR code, for its public image links (the id is unguessable). */
  getPublic(id: string): QrCodeRecord | undefined {
    const row = this.byId.get(id);
    return row && toRecord(row);
  }

  /** An order's QR codes, oldest first. */
  listByOrder(orderId: string): QrCodeRecord[] {
    return this.byOrder.all(orderId).map(toRecord);
  }

  /** Records the charge that paid the code. False when it was paid or expired meanwhile. */
  markPaid(id: string, chargeId: string, now: number): boolean {
    return this.settle.run(chargeId, id, now).changes === 1;
  }

  /** Ends an unpaid, unexpired code now. False when it was paid or expired meanwhile. */
  expire(id: string, now: number): boolean {
    return this.expireRow.run(now, id, now).changes === 1;
  }
}

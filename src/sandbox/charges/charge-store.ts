import type { CardBrand } from '../../core/card-brand';
import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';
import type { Db } from '../storage/database';
import type {
  BoletoBody,
  BuyerInterest,
  BoletoTemplate,
  ChargeMetadata,
  PaymentInstructions,
  PaymentType,
  SubMerchantBody,
  WalletType,
} from './charge-request';
import type { PaymentResponse } from './sandbox-declines';
import type { ExternalAuthentication } from './three-ds-check';
import type { SplitsBody } from '../splits/split-request';

/** A charge's split as kept: as sent, with its id and when custody was released (null while held or never applied). */
export type StoredSplits = SplitsBody & { id: string; custodyReleasedAt: number | null };

/**
 * Charge statuses (docs/rules.md#charge-statuses-and-transitions): PAID, AUTHORIZED, WAITING (a
 * boleto awaiting payment), DECLINED (the issuer refused) and CANCELED (canceled, fully refunded,
 * or a boleto that expired unpaid).
 */
export type ChargeStatus = 'PAID' | 'AUTHORIZED' | 'WAITING' | 'DECLINED' | 'CANCELED';

/** The card as responses show it: never the number or the security code. */
export interface CardView {
  /** The stored card's id (`CARD_<uuid>`), when the card was stored or came from the vault. */
  id?: string;
  brand: CardBrand;
  first_digits: string;
  last_digits: string;
  /** No leading zero: "3". */
  exp_month: string;
  exp_year: string;
  /** Absent for a wallet's card sent without a holder. */
  holder?: { name: string; tax_id?: string };
  store?: boolean;
  /** The wallet the card came from (docs/orders-and-charges.md#card-forms). */
  wallet?: { type: WalletType };
}

interface BoletoView {
  id: string;
  barcode: string;
  formatted_barcode: string;
  /** COBRANCA unless sent; absent on boletos stored before it was kept. */
  template?: BoletoTemplate;
  due_date: string;
  days_until_expiration?: number;
  payment_instructions?: PaymentInstructions;
  instruction_lines: { line_1: string; line_2: string };
  holder: {
    name: string;
    tax_id: string;
    email: string;
    address: BoletoBody['holder']['address'];
  };
}

/** A Pix payment as its charge shows it (docs/pix.md#paying-and-expiring). */
interface PixView {
  /** Banco Central's id of the transfer: `E` + ISPB + yyyyMMddHHmm (UTC) + 11 characters. */
  end_to_end_id: string;
  /** Who paid: the order's customer, in the sandbox. */
  holder: { name: string; tax_id: string };
}

/**
 * `payment_method` as responses show it, less `capture_before` (added while AUTHORIZED). PIX is
 * only ever a type of charge answered: a Pix charge is made by paying an order's QR code, never requested.
 */
export interface PaymentMethodView {
  type: PaymentType | 'PIX';
  installments?: number;
  capture?: boolean;
  soft_descriptor?: string;
  card?: CardView;
  /**
   * The 3DS authentication the charge used, its outcome, its ECI and whether a fraud chargeback is
   * the issuer's (docs/orders-and-charges.md). Charges stored before eci existed lack the last two.
   */
  authentication_method?:
    | {
        type: 'THREEDS';
        id: string;
        status: AuthenticationOutcomeValue;
        eci?: string | null;
        liability_shift?: boolean;
      }
    | ExternalAuthentication;
  boleto?: BoletoView;
  pix?: PixView;
}

/** A charge as stored. Times are milliseconds since the epoch; amounts are cents. */
export interface ChargeRecord {
  id: string;
  merchantId: string;
  orderId: string | null;
  referenceId: string | null;
  description: string | null;
  status: ChargeStatus;
  amount: number;
  paid: number;
  refunded: number;
  paymentResponse: PaymentResponse;
  paymentMethod: PaymentMethodView;
  subMerchant: SubMerchantBody | null;
  notificationUrls: string[];
  /** The merchant's own key-value data, answered as sent. */
  metadata: ChargeMetadata | null;
  /** The interest the buyer pays within `amount` (an installment plan with interest). */
  buyerInterest: BuyerInterest | null;
  /** How the amount is divided among receiving accounts (docs/splits.md), with its custody state. */
  splits: StoredSplits | null;
  authenticationId: string | null;
  boletoId: string | null;
  captureBefore: number | null;
  createdAt: number;
  paidAt: number | null;
  updatedAt: number;
}

interface Row {
  id: string;
  merchant_id: string;
  order_id: string | null;
  reference_id: string | null;
  description: string | null;
  status: ChargeStatus;
  amount: number;
  paid: number;
  refunded: number;
  payment_response: string;
  payment_method: string;
  sub_merchant: string | null;
  notification_urls: string;
  metadata: string | null;
  buyer_interest: string | null;
  split_id: string | null;
  splits: string | null;
  authentication_id: string | null;
  boleto_id: string | null;
  capture_before: number | null;
  created_at: number;
  paid_at: number | null;
  updated_at: number;
}

const toRecord = (r: Row): ChargeRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  orderId: r.order_id,
  referenceId: r.reference_id,
  description: r.description,
  status: r.status,
  amount: r.amount,
  paid: r.paid,
  refunded: r.refunded,
  paymentResponse: JSON.parse(r.payment_response) as PaymentResponse,
  paymentMethod: JSON.parse(r.payment_method) as PaymentMethodView,
  subMerchant: r.sub_merchant === null ? null : (JSON.parse(r.sub_merchant) as SubMerchantBody),
  notificationUrls: JSON.parse(r.notification_urls) as string[],
  metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as ChargeMetadata),
  buyerInterest: r.buyer_interest === null ? null : (JSON.parse(r.buyer_interest) as BuyerInterest),
  splits: r.splits === null ? null : (JSON.parse(r.splits) as StoredSplits),
  authenticationId: r.authentication_id,
  boletoId: r.boleto_id,
  captureBefore: r.capture_before,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  updatedAt: r.updated_at,
});

const toRow = (c: ChargeRecord): Row => ({
  id: c.id,
  merchant_id: c.merchantId,
  order_id: c.orderId,
  reference_id: c.referenceId,
  description: c.description,
  status: c.status,
  amount: c.amount,
  paid: c.paid,
  refunded: c.refunded,
  payment_response: JSON.stringify(c.paymentResponse),
  payment_method: JSON.stringify(c.paymentMethod),
  sub_merchant: c.subMerchant && JSON.stringify(c.subMerchant),
  notification_urls: JSON.stringify(c.notificationUrls),
  metadata: c.metadata && JSON.stringify(c.metadata),
  buyer_interest: c.buyerInterest && JSON.stringify(c.buyerInterest),
  split_id: c.splits?.id ?? null,
  splits: c.splits && JSON.stringify(c.splits),
  authentication_id: c.authenticationId,
  boleto_id: c.boletoId,
  capture_before: c.captureBefore,
  created_at: c.createdAt,
  paid_at: c.paidAt,
  updated_at: c.updatedAt,
});

/** The columns of a charge row, each bound by its name from {@link toRow}. */
const COLUMNS: readonly (keyof Row)[] = [
  'id',
  'merchant_id',
  'order_id',
  'reference_id',
  'description',
  'status',
  'amount',
  'paid',
  'refunded',
  'payment_response',
  'payment_method',
  'sub_merchant',
  'notification_urls',
  'metadata',
  'buyer_interest',
  'split_id',
  'splits',
  'authentication_id',
  'boleto_id',
  'capture_before',
  'created_at',
  'paid_at',
  'updated_at',
];

/** Stores charges. Writes are single statements; callers group them in a transaction. */
export class ChargeStore {
  private readonly insertRow;
  private readonly byId;
  private readonly byBoleto;
  private readonly byOrder;
  private readonly updateState;
  private readonly waitingBoletoRows;
  private readonly bySplit;
  private readonly updateSplits;

  constructor(db: Db) {
    this.insertRow = db.prepare<[Row]>(
      `INSERT INTO charges (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.byId = db.prepare<[string, string], Row>('SELECT * FROM charges WHERE id = ? AND merchant_id = ?');
    this.byBoleto = db.prepare<[string], Row>('SELECT * FROM charges WHERE boleto_id = ?');
    this.bySplit = db.prepare<[string, string], Row>('SELECT * FROM charges WHERE split_id = ? AND merchant_id = ?');
    this.updateSplits = db.prepare<[string, string, string]>(
      'UPDATE charges SET splits = ? WHERE split_id = ? AND merchant_id = ?',
    );
    this.byOrder = db.prepare<[string], Row>('SELECT * FROM charges WHERE order_id = ? ORDER BY created_at, rowid');
    this.waitingBoletoRows = db.prepare<[], Row>(
      "SELECT * FROM charges WHERE status = 'WAITING' AND boleto_id IS NOT NULL ORDER BY created_at, rowid",
    );
    // Guarded by the status and time read before: a transition applies to the state it was decided on, or not at all.
    this.updateState = db.prepare<Row & { from_status: string; from_updated_at: number }>(
      `UPDATE charges SET status = @status, paid = @paid, refunded = @refunded, payment_response = @payment_response,
         capture_before = @capture_before, paid_at = @paid_at, updated_at = @updated_at
       WHERE id = @id AND status = @from_status AND updated_at = @from_updated_at`,
    );
  }

  insert(c: ChargeRecord): void {
    this.insertRow.run(toRow(c));
  }

  /** The merchant's charge; undefined for an unknown id or another merchant's charge. */
  get(id: string, merchantId: string): ChargeRecord | undefined {
    const row = this.byId.get(id, merchantId);
    return row && toRecord(row);
  }

  /** The charge of a boleto, for the boleto's public PDF and PNG links. */
  getByBoletoId(boletoId: string): ChargeRecord | undefined {
    const row = this.byBoleto.get(boletoId);
    return row && toRecord(row);
  }

  /** Every account's boletos still WAITING, oldest first: the clock expires those past their due date. */
  waitingBoletos(): ChargeRecord[] {
    return this.waitingBoletoRows.all().map(toRecord);
  }

  /** The merchant's charge whose split has this id (`SPLI_<uuid>`). */
  getBySplitId(splitId: string, merchantId: string): ChargeRecord | undefined {
    const row = this.bySplit.get(splitId, merchantId);
    return row && toRecord(row);
  }

  /** Writes a charge's split (its custody released). */
  saveSplits(merchantId: string, splits: StoredSplits): void {
    this.updateSplits.run(JSON.stringify(splits), splits.id, merchantId);
  }

  /** An order's charges, oldest first. */
  listByOrder(orderId: string): ChargeRecord[] {
    return this.byOrder.all(orderId).map(toRecord);
  }

  /** Writes a transition of `from` to `next`. False when the charge changed since `from` was read. */
  transition(from: ChargeRecord, next: ChargeRecord): boolean {
    return (
      this.updateState.run({ ...toRow(next), from_status: from.status, from_updated_at: from.updatedAt }).changes === 1
    );
  }
}

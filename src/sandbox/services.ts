import { CardResolver } from './cards/card-resolver';
import { CardVault } from './cards/card-vault';
import { CheckoutEvents } from './checkouts/checkout-events';
import { CheckoutStore } from './checkouts/checkout-store';
import { CardTokens } from './tokens/card-tokens';
import { ChallengeAttemptStore } from './challenge-attempts/challenge-attempt-store';
import { ChargeChanges } from './charges/charge-changes';
import { ChargeEvents } from './charges/charge-events';
import { ChargeProcessor } from './charges/charge-processor';
import { ChargeStore } from './charges/charge-store';
import type { Clock } from './clock';
import { IdempotencyStore } from './idempotency/idempotency-store';
import type { MerchantStore } from './merchants/merchant-store';
import { OrderStore } from './orders/order-store';
import { QrCodePayments } from './pix/qr-code-payments';
import { QrCodeStore } from './pix/qr-code-store';
import { PublicKeyStore } from './public-keys/public-key-store';
import { SessionStore } from './sessions/session-store';
import type { Db } from './storage/database';
import { AfterCommit } from './storage/after-commit';
import { ClockExpiries } from './clock-expiries';
import { transactionRunner } from './storage/transaction-runner';
import { groupCommit, type RunInSharedTransaction } from './storage/group-commit';
import { AuthenticationStore } from './three-ds/authentication-store';
import { ThreeDsEngine } from './three-ds/three-ds-engine';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { SandboxJournal } from './journal/sandbox-journal';
import { ConsoleFeed } from './journal/console-feed';
import { RequestJournal, type RequestLogLimits } from './journal/request-journal';
import { ResourceIndex } from './journal/resource-index';
import type { StatusReports } from './journal/status-changes';
import { WebhookAttempts } from './webhooks/webhook-attempts';
import { resetData } from './storage/reset-data';

/**
 * Every store and service of one sandbox, each built once (so each prepares its statements
 * once) and handed to the route modules, which only route.
 */
export interface SandboxServices {
  merchants: MerchantStore;
  sessions: SessionStore;
  publicKeys: PublicKeyStore;
  authentications: AuthenticationStore;
  challengeAttempts: ChallengeAttemptStore;
  threeDs: ThreeDsEngine;
  orders: OrderStore;
  charges: ChargeStore;
  /** Orders' Pix QR codes. */
  qrCodes: QrCodeStore;
  /** Hosted checkouts (payment links) and the orders their pages made. */
  checkouts: CheckoutStore;
  /** Checkouts' own status notifications (CHECKOUT.ACTIVE, CHECKOUT.INACTIVE). */
  checkoutEvents: CheckoutEvents;
  processor: ChargeProcessor;
  /** Card tokens made apart from a payment (POST /tokens/cards), kept in the card vault. */
  cardTokens: CardTokens;
  /** Capture, cancel and the boleto simulator: a charge's status changes, with their notifications. */
  chargeChanges: ChargeChanges;
  /** The Pix simulator's payer bank: pays or expires a QR code. */
  qrCodePayments: QrCodePayments;
  /** Expires boletos and Pix codes as the clock passes their time; startSandbox calls it on each advance. */
  clockExpiries: ClockExpiries;
  idempotency: IdempotencyStore;
  /** Order and charge notifications, sent through {@link webhooks}. */
  events: ChargeEvents;
  /** Delivers notifications; closed with the sandbox. */
  webhooks: WebhookDispatcher;
  /** What the console shows: the request log, resources and state changes, delivery attempts, the live feed. */
  journal: SandboxJournal;
  /**
   * Empties every payment, authentication, session, notification and the request log, in one
   * transaction; the accounts stay (POST /sandbox/reset, docs/sandbox-operations.md#reset).
   */
  reset(): void;
  /** Runs `work` in one SQLite transaction: all of its writes happen, or none. */
  transaction<T>(work: () => T): T;
  /**
   * The same, in a transaction shared with the other requests of this event-loop turn (group
   * commit), resolved once it is committed: for the writes of the busiest routes (orders, charges,
   * 3DS authentications).
   */
  sharedTransaction: RunInSharedTransaction;
}

/** What {@link buildServices} needs: the open database and what startSandbox made before it. */
export interface ServiceInputs {
  db: Db;
  clock: Clock;
  merchants: MerchantStore;
  webhooks: WebhookDispatcher;
  journal: SandboxJournal;
  /** Public base URL of the API, for the links in notifications. */
  apiUrl: string;
}

/**
 * Builds the console's journal (docs/console.md): before the webhook dispatcher, which reports each
 * attempt to it, so startSandbox calls it first, once.
 */
export function buildJournal(db: Db, log: (line: string) => void, limits: RequestLogLimits, on = true): SandboxJournal {
  return new SandboxJournal(
    new RequestJournal(db, limits),
    new ResourceIndex(db),
    new WebhookAttempts(db),
    new ConsoleFeed(),
    log,
    on,
  );
}

/** Builds the stores and services of one sandbox. Only startSandbox calls it, once. */
export function buildServices({ db, clock, merchants, webhooks, journal, apiUrl }: ServiceInputs): SandboxServices {
  const publicKeys = new PublicKeyStore(db, clock);
  const vault = new CardVault(db, clock);
  const cards = new CardResolver(publicKeys, vault, clock);
  const afterCommit = new AfterCommit(db);
  // The domain's status changes reach the journal once the transaction that made them commits.
  const reports: StatusReports = { changed: (change) => afterCommit.schedule(() => journal.changed(change)) };
  const authentications = new AuthenticationStore(db, clock, reports);
  const orders = new OrderStore(db);
  const charges = new ChargeStore(db);
  const qrCodes = new QrCodeStore(db);
  const transaction = transactionRunner(db, afterCommit);
  const sharedTransaction = groupCommit(db, afterCommit);
  const checkouts = new CheckoutStore(db);
  const checkoutEvents = new CheckoutEvents(webhooks, afterCommit, reports);
  const events = new ChargeEvents(webhooks, { orders, charges, qrCodes }, apiUrl, clock, afterCommit, journal);
  return {
    merchants,
    sessions: new SessionStore(db, clock),
    publicKeys,
    authentications,
    challengeAttempts: new ChallengeAttemptStore(db),
    threeDs: new ThreeDsEngine(authentications, cards),
    orders,
    charges,
    qrCodes,
    checkouts,
    checkoutEvents,
    processor: new ChargeProcessor(charges, authentications, cards, vault, clock),
    cardTokens: new CardTokens(cards, vault, clock),
    idempotency: new IdempotencyStore(db, clock, sharedTransaction),
    chargeChanges: new ChargeChanges({ transaction, charges, events, clock, apiUrl }),
    qrCodePayments: new QrCodePayments({ transaction, qrCodes, orders, charges, events, clock }),
    clockExpiries: new ClockExpiries({
      transaction,
      charges,
      qrCodes,
      events,
      clock,
      checkoutAnswers: { checkouts, orders, charges, qrCodes, apiUrl },
      checkoutEvents,
    }),
    events,
    webhooks,
    journal,
    reset: () => {
      webhooks.forget();
      journal.forget();
      transaction(() => {
        journal.requests.clear();
        journal.resources.clear();
        resetData(db);
      });
    },
    transaction,
    sharedTransaction,
  };
}

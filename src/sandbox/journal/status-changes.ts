import type { SandboxTime } from '../values/time';

/** The kinds of resource the console lists. A boleto is a charge paid by boleto, listed apart. */
export const RESOURCE_KINDS = ['order', 'charge', 'authentication', 'qr_code', 'boleto', 'checkout'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/**
 * What made a status change (docs/console.md#timeline): an API request, the sandbox's simulators
 * (POST /sandbox/…: pay or expire a boleto or a Pix code), the sandbox's clock passing a
 * resource's due time, or a button of the console (a request the console's cookie signed).
 */
export type ChangeCause = 'request' | 'simulator' | 'clock' | 'console';

/** Who caused a change: the cause, and the request's trace id when a request did. */
export interface ChangeOrigin {
  cause: ChangeCause;
  traceId?: string;
}

/** The clock made it: no request did. */
export const BY_CLOCK: ChangeOrigin = { cause: 'clock' };

/**
 * One resource's change, as the domain code that made it reports it: created in `to` (no
 * `from`), or moved `from → to`; for an order, which has no status of its own, `to` is left out
 * when it is created, and its status follows its latest charge's. Stored as one row of
 * `state_changes` (resource_id, kind, from_status, to_status, at, trace_id, source = cause), and
 * as the resource's row of `resources` (its kind, latest status, reference_id and links).
 */
export interface StatusChange {
  merchantId: string;
  resourceId: string;
  kind: ResourceKind;
  from?: string;
  to?: string;
  cause: ChangeCause;
  /** When it happened, on the sandbox's clock: for an expiry by the clock, the expiry itself. */
  at: SandboxTime;
  traceId?: string;
  /** The merchant's reference_id, as sent (never masked: it is the merchant's key to find it). */
  referenceId?: string;
  /** Ids of the resources it is joined to: an order's charges and QR codes, a charge's order and 3DS authentication. */
  links?: string[];
  /** The charge's order: its status (an order's is its latest charge's) moves with it. */
  orderId?: string;
}

/** Where the domain reports its changes: the journal (journal/sandbox-journal.ts). */
export interface StatusReports {
  /** Records a change; call it once the change is committed (AfterCommit), so a rolled-back one leaves nothing. */
  changed(change: StatusChange): void;
}

/** Reports nowhere: for stores and services built without a journal (unit tests). */
export const NO_REPORTS: StatusReports = { changed: () => {} };

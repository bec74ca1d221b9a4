import type { Db } from '../storage/database';
import { asSandboxTime, type SandboxTime } from '../values/time';
import type { ChangeCause, ResourceKind, StatusChange } from './status-changes';

export { RESOURCE_KINDS, type ResourceKind } from './status-changes';

/** A resource as the console lists it: what the domain last reported of it. */
export interface IndexedResource {
  id: string;
  kind: ResourceKind;
  /** The status now; an order's is its latest charge's (orders have none of their own). */
  status?: string;
  referenceId?: string;
  /** Ids of the resources it is joined to: an order's charges and QR codes, a charge's order and 3DS authentication. */
  links: string[];
  /** Created and last changed, on the sandbox's clock. */
  createdAt: SandboxTime;
  updatedAt: SandboxTime;
}

/** One change of a resource's status, as the code that made it reported it (journal/status-changes.ts). */
export interface StateChange {
  resourceId: string;
  from?: string;
  to: string;
  /** When it happened, on the sandbox's clock. */
  at: SandboxTime;
  /** What made it, and the request's trace id when a request did (`id`). Rows of an older sandbox may say `notification`. */
  source: { kind: ChangeCause | 'notification'; id?: string };
}

interface Row {
  id: string;
  kind: ResourceKind;
  status: string | null;
  reference_id: string | null;
  links: string;
  created_at: number;
  updated_at: number;
}

const toResource = (r: Row): IndexedResource => ({
  id: r.id,
  kind: r.kind,
  ...(r.status !== null && { status: r.status }),
  ...(r.reference_id !== null && { referenceId: r.reference_id }),
  links: JSON.parse(r.links) as string[],
  createdAt: asSandboxTime(r.created_at),
  updatedAt: asSandboxTime(r.updated_at),
});

/** The links a resource had and those reported now, each once, never itself. */
const mergedLinks = (had: readonly string[], added: readonly string[], self: string): string[] =>
  [...new Set([...had, ...added])].filter((l) => l !== self);

/**
 * The resources the domain has reported, and each change of their status (docs/console.md#timeline),
 * as the code that made the change reported it (journal/status-changes.ts): the console's lists and
 * timelines read it, so they stay fast however many requests were made, and the stores of orders
 * and charges stay as the API needs them.
 */
export class ResourceIndex {
  private readonly find;
  private readonly upsert;
  private readonly change;
  private readonly changesOf;
  private readonly page;
  /** {@link applyAll}'s transaction (built once: better-sqlite3 reuses it). */
  private readonly applyInTransaction: (changes: readonly StatusChange[]) => Array<{ id: string; merchantId: string }>;
  /** Writes what the journal has queued, so a read sees every request answered before it (SandboxJournal sets it). */
  beforeRead: () => void = () => {};

  constructor(private readonly db: Db) {
    this.find = db.prepare<[string], Row>('SELECT * FROM resources WHERE id = ?');
    this.applyInTransaction = db.transaction((changes: readonly StatusChange[]) =>
      changes.flatMap((change) => this.apply(change).map((id) => ({ id, merchantId: change.merchantId }))),
    );
    // Positional parameters: this runs for every reported change, and binding by name costs a
    // lookup per parameter (docs/performance.md#the-journal).
    this.upsert = db.prepare<[string, string, string, string | null, string | null, string, number, number]>(
      `INSERT INTO resources (id, merchant_id, kind, status, reference_id, links, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, status = coalesce(excluded.status, status),
         reference_id = coalesce(excluded.reference_id, reference_id), links = excluded.links,
         updated_at = excluded.updated_at`,
    );
    this.change = db.prepare<[string, string, string | null, string, number, string | null, string]>(
      `INSERT INTO state_changes (resource_id, kind, from_status, to_status, at, trace_id, source)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.changesOf = db.prepare<
      [string],
      {
        resource_id: string;
        from_status: string | null;
        to_status: string;
        at: number;
        trace_id: string | null;
        source: ChangeCause | 'notification';
      }
    >('SELECT * FROM state_changes WHERE resource_id = ? ORDER BY id');
    this.page = db.prepare<
      {
        merchant: string;
        kind: string;
        also: string;
        id: string | null;
        reference: string | null;
        status: string | null;
        before: number;
        limit: number;
      },
      Row & { rowid: number }
    >(
      `SELECT rowid, * FROM resources WHERE merchant_id = @merchant AND kind IN (@kind, @also) AND rowid < @before
         AND (@id IS NULL OR id = @id) AND (@reference IS NULL OR reference_id = @reference)
         AND (@status IS NULL OR status = @status)
       ORDER BY rowid DESC LIMIT @limit`,
    );
  }

  /** {@link apply} for each change, in one transaction; the resources whose status moved. */
  applyAll(changes: readonly StatusChange[]): Array<{ id: string; merchantId: string }> {
    return this.applyInTransaction(changes);
  }

  /**
   * Records one reported change (inside the journal's batch transaction): the resource's row
   * (created, or its status, reference and links brought up to date) and, when its status moved,
   * the change. A charge's change moves its order's status too, the order's being its latest
   * charge's. Returns the ids whose status changed, for the live feed.
   */
  apply(change: StatusChange): string[] {
    const changed: string[] = [];
    const { resourceId, orderId } = change;
    const moved = this.upsertOne(
      change.resourceId,
      change.merchantId,
      change.kind,
      change,
      change.to,
      change.links ?? [],
    );
    if (moved) changed.push(resourceId);
    if (orderId) {
      const order = this.find.get(orderId);
      const links = [resourceId];
      if (
        this.upsertOne(
          orderId,
          change.merchantId,
          'order',
          { ...change, from: order?.status ?? undefined },
          change.to,
          links,
        )
      )
        changed.push(orderId);
    }
    return changed;
  }

  /** Upserts a resource row; inserts a state change when `to` differs from its status. True when it did. */
  private upsertOne(
    id: string,
    merchantId: string,
    kind: ResourceKind,
    change: StatusChange,
    to: string | undefined,
    newLinks: string[],
  ): boolean {
    // A resource reported created has no row yet (an order's comes first, by orderCreated): no read.
    const created = id === change.resourceId && change.from === undefined && change.to !== undefined;
    const before = created ? undefined : this.find.get(id);
    const links = before
      ? mergedLinks(JSON.parse(before.links) as string[], newLinks, id)
      : newLinks.filter((l) => l !== id);
    this.upsert.run(
      id,
      merchantId,
      kind,
      to ?? null,
      id === change.resourceId ? (change.referenceId ?? null) : null,
      links.length ? JSON.stringify(links) : '[]',
      change.at,
      change.at,
    );
    const from = before?.status ?? undefined;
    if (to === undefined || to === from) return false;
    this.change.run(id, kind, from ?? null, to, change.at, change.traceId ?? null, change.cause);
    return true;
  }

  /** One of the merchant's resources. */
  get(id: string, merchantId: string): IndexedResource | undefined {
    this.beforeRead();
    const row = this.find.get(id);
    return row && (row as Row & { merchant_id: string }).merchant_id === merchantId ? toResource(row) : undefined;
  }

  /** A resource's status changes, oldest first. */
  changes(id: string): StateChange[] {
    this.beforeRead();
    return this.changesOf.all(id).map((r) => ({
      resourceId: r.resource_id,
      ...(r.from_status !== null && { from: r.from_status }),
      to: r.to_status,
      at: asSandboxTime(r.at),
      source: { kind: r.source, ...(r.trace_id !== null && { id: r.trace_id }) },
    }));
  }

  /** A page of the merchant's resources of one kind, newest first, filtered by id, reference_id and status. */
  list(
    merchantId: string,
    kind: ResourceKind,
    filter: { id?: string; referenceId?: string; status?: string; before?: number; limit: number },
  ): { resources: IndexedResource[]; next?: number } {
    this.beforeRead();
    const rows = this.page.all({
      merchant: merchantId,
      kind,
      // A boleto is a charge: the charges list shows it too (the boletos list shows only boletos).
      also: kind === 'charge' ? 'boleto' : kind,
      id: filter.id ?? null,
      reference: filter.referenceId ?? null,
      status: filter.status ?? null,
      before: filter.before ?? Number.MAX_SAFE_INTEGER,
      limit: filter.limit + 1,
    });
    const shown = rows.slice(0, filter.limit);
    return {
      resources: shown.map(toResource),
      ...(rows.length > filter.limit && { next: shown[shown.length - 1]!.rowid }),
    };
  }

  /** Forgets everything (POST /sandbox/reset). */
  clear(): void {
    this.db.exec('DELETE FROM state_changes; DELETE FROM resources;');
  }
}

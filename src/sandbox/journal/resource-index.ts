import type { Db } from '../storage/database';
import { kindOfId } from './resource-ids';

/** The kinds of resource the console lists. A boleto is a charge paid by boleto, listed apart. */
export const RESOURCE_KINDS = ['order', 'charge', 'authentication', 'qr_code', 'boleto', 'checkout'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** A resource as the console lists it: what the API last showed of it. */
export interface IndexedResource {
  id: string;
  kind: ResourceKind;
  /** The status last shown; an order's is its latest charge's (orders have none of their own). */
  status?: string;
  referenceId?: string;
  /** Ids of the resources it is joined to: an order's charges and QR codes, a charge's order and 3DS authentication. */
  links: string[];
  /** First and last seen (epoch ms, the sandbox's clock). */
  createdAt: number;
  updatedAt: number;
}

/** One change of a resource's status, as an answer or a notification first showed it. */
export interface StateChange {
  resourceId: string;
  from?: string;
  to: string;
  at: number;
  /** The request's trace id, or the notification's event id. */
  source: { kind: 'request' | 'notification'; id: string };
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
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** What one resource in an answer says of itself. */
interface Seen {
  id: string;
  kind: ResourceKind;
  status?: string;
  referenceId?: string;
  links: string[];
  /** The object it was read from. */
  raw: Json;
}

/** A QR code's status, which its resource does not carry: paid once its order has a PIX charge, else expired by its date. */
function qrStatus(q: Json, order: Json, at: number): string {
  const charges = Array.isArray(order.charges) ? order.charges.filter(isObject) : [];
  if (charges.some((c) => isObject(c.payment_method) && c.payment_method.type === 'PIX')) return 'PAID';
  const expires = Date.parse(str(q.expiration_date) ?? '');
  return expires <= at ? 'EXPIRED' : 'WAITING';
}

/** Every order, charge, QR code and authentication an answer or a notification body shows, with what joins them. */
function resourcesIn(value: unknown, at: number, parent: Seen | undefined, out: Seen[]): void {
  if (Array.isArray(value)) {
    for (const v of value) resourcesIn(v, at, parent, out);
    return;
  }
  if (!isObject(value)) return;
  const id = str(value.id);
  const kind = id ? kindOfId(id) : undefined;
  let seen: Seen | undefined;
  if (id && kind) {
    const method = isObject(value.payment_method) ? value.payment_method : undefined;
    const auth = method && isObject(method.authentication_method) ? str(method.authentication_method.id) : undefined;
    const links = [
      ...(parent ? [parent.id] : []),
      ...(auth ? [auth] : []),
      ...(str(value.order_id) ? [value.order_id as string] : []),
    ];
    seen = {
      id,
      kind: kind === 'charge' && method?.type === 'BOLETO' ? 'boleto' : kind,
      links,
      raw: value,
      ...(str(value.reference_id) && { referenceId: value.reference_id as string }),
    };
    if (kind === 'qr_code' && parent?.kind === 'order') seen.status = qrStatus(value, parent.raw, at);
    else if (kind !== 'order' && str(value.status)) seen.status = value.status as string;
    if (parent) parent.links.push(id);
    out.push(seen);
  }
  const here = seen ?? parent;
  // Links are addresses; an authentication_method is a reference to an authentication, not the authentication.
  for (const [key, v] of Object.entries(value))
    if (key !== 'links' && key !== 'authentication_method') resourcesIn(v, at, here, out);
  if (seen?.kind === 'order') {
    // An order's status is its latest charge's.
    const charges = out.filter((s) => (s.kind === 'charge' || s.kind === 'boleto') && s.links.includes(seen.id));
    const last = charges[charges.length - 1];
    if (last?.status) seen.status = last.status;
  }
}

/**
 * The resources the API has shown, and each change of their status (docs/console.md#timeline),
 * kept from every answer and every notification body: the console's lists and timelines read it,
 * so they stay fast however many requests were made, and the stores of orders and charges stay as
 * the API needs them.
 */
export class ResourceIndex {
  private readonly find;
  private readonly upsert;
  private readonly change;
  private readonly changesOf;
  private readonly page;

  constructor(private readonly db: Db) {
    this.find = db.prepare<[string], Row>('SELECT * FROM resources WHERE id = ?');
    this.upsert = db.prepare(
      `INSERT INTO resources (id, merchant_id, kind, status, reference_id, links, created_at, updated_at)
       VALUES (@id, @merchant_id, @kind, @status, @reference_id, @links, @at, @at)
       ON CONFLICT (id) DO UPDATE SET kind = @kind, status = coalesce(@status, status),
         reference_id = coalesce(@reference_id, reference_id), links = @links, updated_at = @at`,
    );
    this.change = db.prepare(
      `INSERT INTO state_changes (resource_id, from_status, to_status, at, trace_id, source)
       VALUES (@resource_id, @from_status, @to_status, @at, @trace_id, @source)`,
    );
    this.changesOf = db.prepare<
      [string],
      {
        resource_id: string;
        from_status: string | null;
        to_status: string;
        at: number;
        trace_id: string;
        source: 'request' | 'notification';
      }
    >('SELECT * FROM state_changes WHERE resource_id = ? ORDER BY id');
    this.page = db.prepare<
      {
        merchant: string;
        kind: string;
        id: string | null;
        reference: string | null;
        status: string | null;
        before: number;
        limit: number;
      },
      Row & { rowid: number }
    >(
      `SELECT rowid, * FROM resources WHERE merchant_id = @merchant AND kind = @kind AND rowid < @before
         AND (@id IS NULL OR id = @id) AND (@reference IS NULL OR reference_id = @reference)
         AND (@status IS NULL OR status = @status)
       ORDER BY rowid DESC LIMIT @limit`,
    );
  }

  /**
   * Reads the resources in a JSON text (an answer, a notification body) and records what is new:
   * a resource not seen before, a status that changed. Returns the ids whose status changed.
   */
  observe(merchantId: string, json: string, at: number, source: StateChange['source']): string[] {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return [];
    }
    const seen: Seen[] = [];
    resourcesIn(value, at, undefined, seen);
    const changed: string[] = [];
    for (const s of seen) {
      const before = this.find.get(s.id);
      const links = [...new Set([...(before ? (JSON.parse(before.links) as string[]) : []), ...s.links])].filter(
        (l) => l !== s.id,
      );
      this.upsert.run({
        id: s.id,
        merchant_id: merchantId,
        kind: s.kind,
        status: s.status ?? null,
        reference_id: s.referenceId ?? null,
        links: JSON.stringify(links),
        at,
      });
      if (s.status && s.status !== (before?.status ?? undefined)) {
        this.change.run({
          resource_id: s.id,
          from_status: before?.status ?? null,
          to_status: s.status,
          at,
          trace_id: source.id,
          source: source.kind,
        });
        changed.push(s.id);
      }
    }
    return changed;
  }

  /** One of the merchant's resources. */
  get(id: string, merchantId: string): IndexedResource | undefined {
    const row = this.find.get(id);
    return row && (row as Row & { merchant_id: string }).merchant_id === merchantId ? toResource(row) : undefined;
  }

  /** A resource's status changes, oldest first. */
  changes(id: string): StateChange[] {
    return this.changesOf.all(id).map((r) => ({
      resourceId: r.resource_id,
      ...(r.from_status !== null && { from: r.from_status }),
      to: r.to_status,
      at: r.at,
      source: { kind: r.source, id: r.trace_id },
    }));
  }

  /** A page of the merchant's resources of one kind, newest first, filtered by id, reference_id and status. */
  list(
    merchantId: string,
    kind: ResourceKind,
    filter: { id?: string; referenceId?: string; status?: string; before?: number; limit: number },
  ): { resources: IndexedResource[]; next?: number } {
    const rows = this.page.all({
      merchant: merchantId,
      kind,
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

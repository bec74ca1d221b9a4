import type { Db } from '../storage/database';
import { asSandboxTime, type SandboxTime } from '../values/time';

/** One API request as the request log keeps it (docs/console.md#request-log). */
export interface LoggedRequest {
  id: number;
  /** The merchant whose token or session the request carried; undefined when it had none that was valid. */
  merchantId?: string;
  /** When it ended, on the sandbox's clock. */
  at: SandboxTime;
  traceId: string;
  method: string;
  /** As sent, percent-encoding kept, card-like digits masked, without the query. */
  path: string;
  status: number;
  durationMs: number;
  idempotencyKey?: string;
  /** The answer was a stored one (`x-idempotent-replayed: true`). */
  replayed: boolean;
  /** Masked (journal/redact-body.ts); undefined when the request had none or it was not read. */
  requestBody?: string;
  /** Masked; undefined for an answer that is not JSON. */
  responseBody?: string;
  /** The orders, charges, QR codes and authentications it named or answered. */
  resources: string[];
}

/** The filters of a request log page. */
export interface RequestFilter {
  traceId?: string;
  resource?: string;
  /** `GET`, `POST`, … */
  method?: string;
  /** Only paths containing this text. */
  path?: string;
  /** One status (`404`) or a class of them (`4xx`). */
  status?: { from: number; to: number };
  /** Ended at or after, and before, these instants (epoch ms, the sandbox's clock). */
  since?: number;
  until?: number;
  /** Ids below this one: the next page. */
  before?: number;
  limit: number;
}

interface Row {
  id: number;
  merchant_id: string | null;
  at: number;
  trace_id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  idempotency_key: string | null;
  replayed: number;
  request_body: string | null;
  response_body: string | null;
  resources: string | null;
}

const toRequest = (r: Row): LoggedRequest => ({
  id: r.id,
  ...(r.merchant_id !== null && { merchantId: r.merchant_id }),
  at: asSandboxTime(r.at),
  traceId: r.trace_id,
  method: r.method,
  path: r.path,
  status: r.status,
  durationMs: r.duration_ms,
  ...(r.idempotency_key !== null && { idempotencyKey: r.idempotency_key }),
  replayed: r.replayed === 1,
  ...(r.request_body !== null && { requestBody: r.request_body }),
  ...(r.response_body !== null && { responseBody: r.response_body }),
  resources: r.resources ? r.resources.split(' ') : [],
});

/** What a row costs besides its texts: its numbers, its index entries, SQLite's bookkeeping. */
const ROW_OVERHEAD_BYTES = 200;

/** The bounds of the request log: the oldest entries go first past either. */
export interface RequestLogLimits {
  /** 0 keeps no log. */
  maxEntries: number;
  maxBytes: number;
}

/** What a request counts for against the byte limit. */
const bytesOf = (request: Omit<LoggedRequest, 'id'>): number =>
  ROW_OVERHEAD_BYTES +
  request.path.length +
  (request.requestBody?.length ?? 0) +
  (request.responseBody?.length ?? 0) +
  request.resources.length * 48;

const COLUMNS = `l.*, (SELECT group_concat(resource_id, ' ') FROM request_resources r WHERE r.request_id = l.id) AS resources`;

/**
 * The request log, in SQLite: every API request, refused ones included, with masked bodies
 * (docs/console.md#request-log). It keeps at most `maxEntries` entries and `maxBytes` bytes of
 * them, dropping the oldest; a request a full data file cannot hold drops the oldest tenth and
 * tries once more, and is left out rather than fail the API.
 */
export class RequestJournal {
  private readonly insert;
  private readonly link;
  private readonly dropOldest;
  private readonly totals;
  private readonly page;
  private readonly pageOfTrace;
  private readonly pageAbout;
  private readonly pageWhere;
  /** Writes a batch in one transaction (built once: better-sqlite3 reuses it). */
  private readonly writeAll: (requests: ReadonlyArray<Omit<LoggedRequest, 'id'>>, sizes: readonly number[]) => void;
  private entries: number;
  private bytes: number;
  /** Writes what is queued for the log, so a read sees every request answered before it (SandboxJournal sets it). */
  beforeRead: () => void = () => {};

  constructor(
    private readonly db: Db,
    /** Also the bounds of what waits to be written (journal/sandbox-journal.ts). */
    readonly limits: RequestLogLimits,
  ) {
    // Positional parameters: binding twelve by name cost a lookup each on every row.
    this.insert = db.prepare<
      [
        string | null,
        number,
        string,
        string,
        string,
        number,
        number,
        string | null,
        number,
        string | null,
        string | null,
        number,
      ]
    >(
      `INSERT INTO request_log (merchant_id, at, trace_id, method, path, status, duration_ms, idempotency_key, replayed, request_body, response_body, bytes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.link = db.prepare<[string, number]>(
      'INSERT OR IGNORE INTO request_resources (resource_id, request_id) VALUES (?, ?)',
    );
    // Deleting by id ranges keeps it to one index walk; the returned bytes keep the totals exact.
    this.dropOldest = db.prepare<[number], { bytes: number }>(
      'DELETE FROM request_log WHERE id IN (SELECT id FROM request_log ORDER BY id LIMIT ?) RETURNING bytes',
    );
    this.totals = db.prepare<[], { n: number; bytes: number | null }>(
      'SELECT count(*) AS n, sum(bytes) AS bytes FROM request_log',
    );
    // One statement per filter, each on its index: an `@x IS NULL OR col = @x` condition would
    // make SQLite walk the whole log (docs/performance.md).
    const mine = '(l.merchant_id = @merchant OR l.merchant_id IS NULL)';
    type Page = { merchant: string; before: number; limit: number };
    this.page = db.prepare<Page, Row>(
      `SELECT ${COLUMNS} FROM request_log l WHERE l.id < @before AND ${mine} ORDER BY l.id DESC LIMIT @limit`,
    );
    this.pageOfTrace = db.prepare<Page & { trace: string }, Row>(
      `SELECT ${COLUMNS} FROM request_log l WHERE l.trace_id = @trace AND l.id < @before AND ${mine}
        ORDER BY l.id DESC LIMIT @limit`,
    );
    this.pageAbout = db.prepare<Page & { resource: string }, Row>(
      `SELECT ${COLUMNS} FROM request_resources r JOIN request_log l ON l.id = r.request_id
        WHERE r.resource_id = @resource AND r.request_id < @before AND ${mine}
        ORDER BY r.request_id DESC LIMIT @limit`,
    );
    // What the log is searched by besides those: method, path, status, time. No index serves
    // them, so it is one statement of its own, kept off the unfiltered pages' path.
    this.pageWhere = db.prepare<
      Page & {
        trace: string | null;
        resource: string | null;
        method: string | null;
        path: string | null;
        status_from: number;
        status_to: number;
        since: number;
        until: number;
      },
      Row
    >(
      `SELECT ${COLUMNS} FROM request_log l WHERE l.id < @before AND ${mine}
        AND (@trace IS NULL OR l.trace_id = @trace) AND (@method IS NULL OR l.method = @method)
        AND (@path IS NULL OR instr(l.path, @path) > 0) AND l.status BETWEEN @status_from AND @status_to
        AND l.at >= @since AND l.at < @until
        AND (@resource IS NULL OR EXISTS (SELECT 1 FROM request_resources r WHERE r.request_id = l.id AND r.resource_id = @resource))
        ORDER BY l.id DESC LIMIT @limit`,
    );
    this.writeAll = db.transaction((requests: ReadonlyArray<Omit<LoggedRequest, 'id'>>, sizes: readonly number[]) => {
      for (let i = 0; i < requests.length; i++) this.write(requests[i]!, sizes[i]!);
    });
    const { n, bytes } = this.totals.get()!;
    this.entries = n;
    this.bytes = bytes ?? 0;
  }

  /**
   * Adds a batch of requests in one transaction (a slice of the journal's queue, or all of it); when
   * the storage refuses it, each goes on its own, as {@link add} writes it, so one that a full
   * data file cannot hold costs only itself.
   */
  addAll(requests: ReadonlyArray<Omit<LoggedRequest, 'id'>>): void {
    if (this.limits.maxEntries === 0 || requests.length === 0) return;
    if (requests.length === 1) {
      this.add(requests[0]!);
      return;
    }
    const sizes = requests.map(bytesOf);
    try {
      this.writeAll(requests, sizes);
    } catch {
      for (const request of requests) this.add(request);
      return;
    }
    this.counted(
      requests.length,
      sizes.reduce((a, b) => a + b, 0),
    );
  }

  /** Adds one request; returns its id, or undefined when the data file could not hold it. */
  add(request: Omit<LoggedRequest, 'id'>): number | undefined {
    if (this.limits.maxEntries === 0) return undefined;
    const bytes = bytesOf(request);
    const write = () => this.db.transaction(() => this.write(request, bytes))();
    let id: number;
    try {
      id = write();
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_FULL' || this.entries === 0) return undefined;
      this.drop(Math.max(1, Math.ceil(this.entries / 10)));
      try {
        id = write();
      } catch {
        return undefined;
      }
    }
    this.counted(1, bytes);
    return id;
  }

  /** The totals after `rows` rows of `bytes` in all were added; the oldest rows go past either limit. */
  private counted(rows: number, bytes: number): void {
    this.entries += rows;
    this.bytes += bytes;
    const over = this.entries - this.limits.maxEntries;
    if (over > 0) this.drop(over);
    while (this.bytes > this.limits.maxBytes && this.entries > 1) this.drop(Math.max(1, Math.ceil(this.entries / 100)));
  }

  private write(request: Omit<LoggedRequest, 'id'>, bytes: number): number {
    const id = Number(
      this.insert.run(
        request.merchantId ?? null,
        request.at,
        request.traceId,
        request.method,
        request.path,
        request.status,
        request.durationMs,
        request.idempotencyKey ?? null,
        request.replayed ? 1 : 0,
        request.requestBody ?? null,
        request.responseBody ?? null,
        bytes,
      ).lastInsertRowid,
    );
    for (const resource of request.resources) this.link.run(resource, id);
    return id;
  }

  private drop(count: number): void {
    const gone = this.dropOldest.all(count);
    this.entries -= gone.length;
    for (const row of gone) this.bytes -= row.bytes;
  }

  /** A page of the merchant's requests (and those no merchant was found for), newest first. */
  list(merchantId: string, filter: RequestFilter): { requests: LoggedRequest[]; next?: number } {
    this.beforeRead();
    const page = { merchant: merchantId, before: filter.before ?? Number.MAX_SAFE_INTEGER, limit: filter.limit + 1 };
    const { traceId, resource } = filter;
    const searched =
      filter.method !== undefined ||
      filter.path !== undefined ||
      filter.status !== undefined ||
      filter.since !== undefined ||
      filter.until !== undefined;
    // A trace id names a request or two: the resource, if asked too, is checked on those.
    const rows = searched
      ? this.pageWhere.all({
          ...page,
          trace: traceId ?? null,
          resource: resource ?? null,
          method: filter.method ?? null,
          path: filter.path ?? null,
          status_from: filter.status?.from ?? 0,
          status_to: filter.status?.to ?? 999,
          since: filter.since ?? 0,
          until: filter.until ?? Number.MAX_SAFE_INTEGER,
        })
      : traceId !== undefined
        ? this.pageOfTrace
            .all({ ...page, trace: traceId })
            .filter((r) => !resource || toRequest(r).resources.includes(resource))
        : resource !== undefined
          ? this.pageAbout.all({ ...page, resource })
          : this.page.all(page);
    const requests = rows.slice(0, filter.limit).map(toRequest);
    return { requests, ...(rows.length > filter.limit && { next: requests[requests.length - 1]!.id }) };
  }

  /** How many entries and bytes the log holds now. */
  size(): { entries: number; bytes: number } {
    this.beforeRead();
    return { entries: this.entries, bytes: this.bytes };
  }

  /** Empties the log (POST /sandbox/reset). */
  clear(): void {
    this.db.exec('DELETE FROM request_resources; DELETE FROM request_log;');
    this.entries = 0;
    this.bytes = 0;
  }
}

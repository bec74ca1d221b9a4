import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/** Who a console is signed in as: the account, and the token it was opened with (the account page shows it). */
export interface ConsoleSession {
  merchantId: string;
  token: string;
}

/** The console's cookie: which account a browser's console is signed in as. */
const CONSOLE_COOKIE = 'gateway_console';

/** True for an address only this machine reaches: the console then opens without a login. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The host name of a Host header (`127.0.0.1:4010`, `[::1]:4010`, `localhost`), lower case. */
const hostNameOf = (header: string): string => {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
};

/**
 * Who may use the console of one sandbox, and how (docs/console.md#safety). DNS rebinding: a page
 * of another site whose name is made to resolve to this machine reaches the sandbox with that
 * name in `Host`, so the console and its cookie answer only the sandbox's own names: an IP
 * address (which no rebinding changes), `localhost` and `*.localhost`, this machine's name, the
 * bound host. CSRF: a page of another origin (another port of localhost included, which the
 * browser still sends a SameSite cookie to) may not change data or read the event stream with
 * the console's cookie, so those need the sandbox's own origin (`Origin`, `Sec-Fetch-Site`).
 * Sessions are kept in memory: a restart signs every console out.
 */
export class ConsoleAccess {
  private readonly sessions = new Map<string, ConsoleSession>();
  private readonly names: Set<string>;

  constructor(
    /** The bound host: loopback opens the console without a login. */
    private readonly host: string,
    /** The sandbox's own origin, e.g. `http://127.0.0.1:4010`. */
    private readonly apiUrl: string,
    /** Who a loopback console is signed in as: the sandbox merchant, and its token (stored hashed, so not readable back). */
    readonly owner: ConsoleSession = { merchantId: '', token: '' },
  ) {
    this.names = new Set(['localhost', hostname().toLowerCase(), host.toLowerCase()]);
  }

  /** Whether a browser on this machine gets the console without the merchant token. */
  get open(): boolean {
    return isLoopback(this.host);
  }

  /** Whether the request names the sandbox by one of its own names (DNS rebinding). */
  ownHost(c: Context): boolean {
    const header = c.req.header('host');
    return header !== undefined && this.ownName(header);
  }

  private ownName(hostHeader: string): boolean {
    const name = hostNameOf(hostHeader);
    const bare = name.startsWith('[') ? name.slice(1, -1) : name;
    return isIP(bare) !== 0 || this.names.has(name) || name.endsWith('.localhost');
  }

  /** Whether the request comes from the sandbox's own pages, or from no page at all (CSRF). */
  sameOrigin(c: Context): boolean {
    const site = c.req.header('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return false;
    const origin = c.req.header('origin');
    if (origin === undefined) return true;
    const port = new URL(this.apiUrl).port;
    try {
      const u = new URL(origin);
      return u.port === port && this.ownName(u.host);
    } catch {
      return false;
    }
  }

  /** The account the request's console cookie is signed in as, if any. */
  merchantOf(c: Context): string | undefined {
    return this.sessionOf(c)?.merchantId;
  }

  /** The request's console session, if any. */
  sessionOf(c: Context): ConsoleSession | undefined {
    const key = getCookie(c, CONSOLE_COOKIE);
    return key ? this.sessions.get(key) : undefined;
  }

  /** Signs this browser's console in as the account whose token it holds. */
  signIn(c: Context, session: ConsoleSession): void {
    const key = randomBytes(24).toString('base64url');
    this.sessions.set(key, session);
    setCookie(c, CONSOLE_COOKIE, key, { httpOnly: true, sameSite: 'Strict', path: '/' });
  }

  /** Forgets every console session (the sandbox is closing). */
  close(): void {
    this.sessions.clear();
  }
}

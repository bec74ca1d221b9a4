import type { Context, Hono, MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import * as z from 'zod/mini';
import { deliveriesQuery, deliveryFilter } from '../routes/webhook-deliveries';
import { requestFilter, requestQuery } from '../routes/request-log';
import type { AppEnv, SandboxDeps } from '../app-env';
import type { ConsoleSession } from './console-access';
import { accountPage } from './account-page';
import { deliveryPage, requestLogPage, webhooksPage } from './activity-pages';
import { consoleCss, consoleScript } from './console-assets';
import { type Fragment, page } from './console-layout';
import { kindName, LISTS, listPage, resourcePage } from './resource-pages';

/**
 * Only the sandbox's own script, stylesheet and endpoints: nothing from outside it, never framed.
 * A page carries the console's script inline and allows exactly that script by its hash; a page
 * of a sandbox whose script is not built links it ('self', answered 404 with how to build it).
 */
const cspFor = (scriptSource = "'self'") =>
  `default-src 'none'; script-src ${scriptSource}; style-src 'self'; img-src 'self'; connect-src 'self'; ` +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The console's icon (a browser asks every page for one): a small card, in the header's ink. */
const CONSOLE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="6" width="28" height="20" rx="3" fill="#1b1f24"/>' +
  '<rect x="2" y="11" width="28" height="4" fill="#ffbf47"/><rect x="6" y="19" width="9" height="3" rx="1" fill="#fff"/></svg>';

/** How many rows a page of a list, the request log or the deliveries shows. */
const PAGE = 25;

/** The query parameters a page reads, those that are set. */
const pick = (c: Context<AppEnv>, names: readonly string[]) =>
  Object.fromEntries(names.flatMap((n) => (c.req.query(n) ? [[n, c.req.query(n)!]] : []))) as Record<string, string>;

/** The first problem zod found in a page's query, as the API would name it. */
const problemOf = (error: z.core.$ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.')} ${issue.message}` : 'bad filter';
};

/** A positive whole number from a query parameter, else undefined (a page link's `before`). */
const positive = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : undefined);

/** A small page the console answers outside its sections: refused, or the token's form. */
const bare = (title: string, body: Fragment) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Gateway sandbox console</title><link rel="icon" href="/console/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/console/console.css"></head>
<body><main id="content"><h1>${title}</h1>${body}</main></body></html>`;

const LOGIN_PAGE = (problem?: string) =>
  bare(
    'Sign in to the console',
    html`<p>This sandbox listens beyond this machine, so its console asks for the merchant's API token.</p>
${problem ? html`<p role="alert" class="s-bad">${problem}</p>` : ''}
<form method="post" action="/console/login" class="filters">
<label>API token <input name="token" type="password" autocomplete="off" required size="40"></label>
<button type="submit" class="primary">Sign in</button>
</form>`,
  );

/**
 * The console at /console on the API port (docs/console.md): server-rendered pages over the
 * sandbox's journal and stores, which a small script of its own enhances (buttons calling the
 * API's endpoints, live updates by server-sent events). Who may open it: docs/console.md#safety.
 */
export function mountConsole(app: Hono<AppEnv>, deps: SandboxDeps): void {
  const access = deps.consoleAccess;
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!access.ownHost(c)) {
      return c.html(
        bare(
          'Not this address',
          html`<p>The console answers only at the sandbox's own address (DNS rebinding protection).</p>`,
        ),
        403,
      );
    }
    await next();
    // A page with the script inline has set its own (by the script's hash).
    if (!c.res.headers.has('content-security-policy')) c.header('content-security-policy', cspFor());
    c.header('x-content-type-options', 'nosniff');
    // Not no-referrer: a browser then sends `Origin: null` with the console's own form posts.
    c.header('referrer-policy', 'same-origin');
    c.header('cache-control', 'no-store');
  };
  app.use('/console', guard);
  app.use('/console/*', guard);

  app.get('/console/console.css', (c) => c.body(consoleCss(), 200, { 'content-type': 'text/css; charset=utf-8' }));
  app.get('/console/favicon.svg', (c) => c.body(CONSOLE_ICON, 200, { 'content-type': 'image/svg+xml' }));
  app.get('/console/console.js', (c) => {
    const script = consoleScript();
    return script
      ? c.body(new Uint8Array(script.bytes), 200, { 'content-type': 'text/javascript; charset=utf-8' })
      : c.text("The console's script is not built: run `npm run build`.", 404);
  });

  app.get('/console/login', (c) => c.html(LOGIN_PAGE()));
  app.post('/console/login', async (c) => {
    if (!access.sameOrigin(c)) return c.html(LOGIN_PAGE('Sign in from the console itself.'), 403);
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? form.token.trim() : '';
    const merchant = token ? deps.merchants.byToken(token) : undefined;
    if (!merchant) return c.html(LOGIN_PAGE('That is not a token of this sandbox.'), 401);
    access.signIn(c, { merchantId: merchant.id, token });
    return c.redirect('/console/orders', 303);
  });

  /** The request's console session: its cookie's, or on a loopback sandbox a new one for its owner. */
  const sessionOf = (c: Context<AppEnv>): ConsoleSession | undefined => {
    const session = access.sessionOf(c);
    if (session) return session;
    if (!access.open) return undefined;
    access.signIn(c, access.owner);
    return access.owner;
  };
  /** A section's page, or the way to sign in. */
  const show =
    (
      render: (
        c: Context<AppEnv>,
        session: ConsoleSession,
      ) => { title: string; section: string; body: Fragment; refreshUrl?: string },
    ) =>
    (c: Context<AppEnv>) => {
      const session = sessionOf(c);
      if (!session) return c.redirect('/console/login', 303);
      const shown = render(c, session);
      const script = consoleScript();
      c.header('content-security-policy', cspFor(script?.cspSource));
      return c.html(page({ ...shown, nowMs: deps.clock.now().getTime(), script }));
    };
  const notFound = (what: string) => ({
    title: 'Not found',
    section: '',
    body: html`<p>${what}</p><p><a href="/console/orders">Orders</a></p>`,
  });

  /** The request log page: its query read by the endpoint's own schema, so both filter alike. */
  const requests = (c: Context<AppEnv>, merchantId: string) => {
    const query = pick(c, ['trace_id', 'method', 'path', 'status', 'since', 'until', 'before']);
    const parsed = z.safeParse(requestQuery, { ...query, limit: String(PAGE) });
    const problem = parsed.success ? undefined : `Not searched: ${problemOf(parsed.error)}`;
    const page = parsed.success
      ? deps.consoleViews.requests(merchantId, requestFilter(parsed.data))
      : { requests: [], next_before: null };
    return requestLogPage(query, page, deps.apiUrl, problem);
  };
  const deliveries = (c: Context<AppEnv>, merchantId: string) => {
    const query = pick(c, ['state', 'event_type', 'url', 'before']);
    const parsed = z.safeParse(deliveriesQuery, { ...query, limit: String(PAGE) });
    const page = deps.consoleViews.deliveries(
      merchantId,
      parsed.success ? deliveryFilter(parsed.data) : { limit: PAGE },
    );
    return webhooksPage(query, page);
  };
  const list = (c: Context<AppEnv>, merchantId: string, section: string) => {
    const filter = {
      id: c.req.query('id') || undefined,
      reference_id: c.req.query('reference_id') || undefined,
      status: c.req.query('status') || undefined,
      before: positive(c.req.query('before')),
    };
    const page = deps.consoleViews.resources(merchantId, LISTS[section]!.kind, {
      id: filter.id,
      referenceId: filter.reference_id,
      status: filter.status,
      before: filter.before,
      limit: PAGE,
    });
    return listPage(section, filter, page);
  };

  app.get('/console', (c) => c.redirect('/console/orders', 303));
  app.get(
    '/console/requests',
    show((c, s) => ({
      title: 'Requests',
      section: '/console/requests',
      body: requests(c, s.merchantId),
    })),
  );
  app.get(
    '/console/webhooks',
    show((c, s) => ({
      title: 'Webhook deliveries',
      section: '/console/webhooks',
      body: deliveries(c, s.merchantId),
    })),
  );
  const delivery = (c: Context<AppEnv>, s: ConsoleSession, secret?: string) => {
    const id = positive(c.req.param('id'));
    const d = id === undefined ? undefined : deps.consoleViews.delivery(s.merchantId, id);
    return d
      ? {
          title: `Delivery #${d.id}`,
          section: '/console/webhooks',
          body: deliveryPage(d, secret),
          refreshUrl: `/console/webhooks/${d.id}`,
        }
      : notFound('No such delivery for this account.');
  };
  app.get(
    '/console/webhooks/:id',
    show((c, s) => delivery(c, s)),
  );
  app.post('/console/webhooks/:id/check', async (c) => {
    if (!access.sameOrigin(c))
      return c.html(bare('Refused', html`<p>Check a secret from the console itself.</p>`), 403);
    const form = await c.req.parseBody();
    const secret = typeof form.secret === 'string' ? form.secret : '';
    return show((cc, s) => delivery(cc, s, secret))(c);
  });
  app.get(
    '/console/account',
    show((_, s) => ({
      title: 'Account',
      section: '/console/account',
      body: accountPage({
        merchant: deps.merchants.get(s.merchantId)!,
        token: s.token,
        keys: deps.publicKeys.validKeys(s.merchantId),
        apiUrl: deps.apiUrl,
        challengeUrl: deps.challengeUrl,
      }),
    })),
  );
  app.get(
    '/console/resources/:id',
    show((c, s) => {
      const view = deps.consoleViews.timeline(s.merchantId, c.req.param('id') ?? '');
      if (!view) return notFound('The API has shown no such resource for this account.');
      const r = view.resource;
      const list = Object.entries(LISTS).find(([, l]) => l.kind === r.kind)![0];
      return {
        title: `${kindName(r.kind)} ${r.id}`,
        section: `/console/${list}`,
        body: resourcePage(view, deps.apiUrl),
      };
    }),
  );
  app.get('/console/:section', (c, next) => {
    const section = c.req.param('section');
    if (!LISTS[section]) return next();
    return show((cc, s) => ({
      title: LISTS[section]!.title,
      section: `/console/${section}`,
      body: list(cc, s.merchantId, section),
    }))(c);
  });
}

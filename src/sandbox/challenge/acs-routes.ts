import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv, SandboxDeps } from '../app-env';
import { defineRoute, type Route } from '../http/route';
import { PAGE_CSP_HEADER, html } from '../http/route-answers';
import type { AuthenticationRecord } from '../three-ds/authentication-record';
import { PAGE_TEXTS } from './challenge-page-texts';
import { pageScript } from './challenge-assets';
import { acsPage, type AcsView } from './challenge-pages';
import {
  CHALLENGE_QUERY,
  challengeForm,
  readChallengeParams,
  readForm,
  type ChallengeParams,
} from './challenge-params';
import { MAX_ATTEMPTS } from './issuer-simulator';
import { submitCode } from './submit-code';
import { ApiError } from '../http/api-error';
import { creqProblems, cresProblems, encodeCres } from '../three-ds/challenge-messages';
import { pageCsp } from './page-headers';
import { originOf } from '../http/change-origin';

const brandName = (brand: string) => (brand === 'unknown' ? '' : brand[0]!.toUpperCase() + brand.slice(1));

const base64url = () => z.string().check(z.regex(/^[A-Za-z0-9_-]+$/));

/** The issuer simulator's pages for one sandbox: the code form, the end, and how either is shown. */
function issuerPages(deps: SandboxDeps) {
  const attempts = deps.challengeAttempts;
  const expired = (r: AuthenticationRecord) => Date.parse(r.expiresAt) <= deps.clock.now().getTime();

  // Made once: building an Intl.NumberFormat costs more than the rest of the issuer page.
  const money = {
    en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'BRL' }),
    pt: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }),
  };
  const summary = (r: AuthenticationRecord, { locale }: ChallengeParams) => ({
    locale,
    issuer: r.issuer,
    brand: r.brand,
    amount: money[locale === 'en' ? 'en' : 'pt'].format(r.amountValue / 100),
    card: r.lastDigits ? PAGE_TEXTS[locale].card(brandName(r.brand), r.lastDigits).trim() : '',
  });
  /** The end page; `completed` is the record after completion, undefined when it could not complete (expired). */
  const end = (
    shown: AuthenticationRecord,
    completed: AuthenticationRecord | undefined,
    p: ChallengeParams,
  ): AcsView => {
    const t = PAGE_TEXTS[p.locale];
    const message =
      completed?.status === 'CANCELED'
        ? t.canceled
        : completed?.status !== 'AUTH_FLOW_COMPLETED'
          ? t.expired
          : completed.authenticationStatus === 'AUTHENTICATED'
            ? t.authenticated
            : t.notAuthenticated;
    return { ...summary(shown, p), state: 'done', message };
  };
  const form = (r: AuthenticationRecord, p: ChallengeParams, error?: string): AcsView => ({
    ...summary(r, p),
    state: 'form',
    authenticationId: r.id,
    token: p.token,
    parent: p.parent,
    error,
    attemptsLeft: MAX_ATTEMPTS - attempts.wrong(r.id),
  });
  const show = (c: Context<AppEnv>, p: ChallengeParams, view: AcsView, status: 200 | 400 = 200) => {
    // The page's script inline, and the CSP allowing exactly that script (or the linked one when not built).
    const script = pageScript('acs');
    // Framed by the host page, itself framed by the SDK's page: frame-ancestors checks both.
    c.header('content-security-policy', pageCsp(`'self' ${p.parent}`, "; form-action 'self'", script?.cspSource));
    return c.html(acsPage(view, script), status);
  };
  /** The page a challenge opens on: the code form (saying a wrong code was typed before), or the end once it is over. */
  const opening = (c: Context<AppEnv>, p: ChallengeParams) => {
    const { record } = p;
    if (record.status !== 'REQUIRE_CHALLENGE' || expired(record)) return show(c, p, end(record, record, p));
    const wrong = attempts.wrong(record.id);
    return show(c, p, form(record, p, wrong ? PAGE_TEXTS[p.locale].wrong(MAX_ATTEMPTS - wrong) : undefined));
  };

  return { expired, end, form, show, opening };
}

/**
 * The issuer (ACS) simulator, nested in the host page. GET /challenge/acs shows the code form
 * (or the end, when the challenge is over); POST /challenge/acs takes the typed code, decides it
 * as the sandbox issuer does and, when the challenge ends, completes the authentication.
 */
export const ACS_ROUTES: Route[] = [
  defineRoute({
    operationId: 'getIssuerPage',
    method: 'get',
    path: '/challenge/acs',
    origin: 'challenge',
    tag: 'Challenge origin',
    summary: "The issuer (ACS) simulator's code form, nested in the host page",
    security: 'none',
    parameters: CHALLENGE_QUERY,
    responses: { '200': html('The code form, or the end of the challenge.', { headers: PAGE_CSP_HEADER }) },
    errors: [400, 403],
    handle: (deps) => {
      const { opening } = issuerPages(deps);
      return (c) =>
        opening(
          c,
          readChallengeParams((name) => c.req.query(name), deps.authentications, deps.corsOrigins),
        );
    },
  }),
  defineRoute({
    operationId: 'submitIssuerCode',
    method: 'post',
    path: '/challenge/acs',
    origin: 'challenge',
    tag: 'Challenge origin',
    summary:
      "The host page's `creq`, which opens the code form, or the code the shopper typed (the form of the issuer page)",
    description:
      'With `creq` (base64url CReq) and no `code`: the code form, as GET shows it; a `creq` that is not this ' +
      "challenge's is a 400 naming its field (`creq.acsTransID`). With `code`: the code decided; the end page " +
      'form-posts `cres` to /challenge/notification.',
    security: 'none',
    body: {
      contentType: 'application/x-www-form-urlencoded',
      required: true,
      schema: {
        name: 'IssuerCodeForm',
        schema: challengeForm({ code: z.optional(z.string()), creq: z.optional(base64url()) }),
      },
    },
    responses: {
      '200': html('The next page: the form again after a wrong code, or the end.', { headers: PAGE_CSP_HEADER }),
      '400': html(
        'The form again when the code is not 6 digits; the error body (or an error page, for a browser) when a challenge parameter is missing or malformed.',
        {
          headers: { 'content-security-policy': { ...PAGE_CSP_HEADER['content-security-policy'], required: false } },
          orError: true,
        },
      ),
    },
    errors: [403, 413, 415],
    handle: (deps) => {
      const { expired, end, form, show, opening } = issuerPages(deps);
      const store = deps.authentications;
      return async (c) => {
        const body = await readForm(c);
        const p = readChallengeParams((name) => body.get(name) ?? undefined, store, deps.corsOrigins);
        const t = PAGE_TEXTS[p.locale];
        // The host page's creq opens the challenge: the code form, as GET shows it.
        if (body.has('creq') && !body.has('code')) {
          const problems = creqProblems(body.get('creq'), p.record);
          if (problems.length) throw new ApiError(400, problems);
          return opening(c, p);
        }
        const code = (body.get('code') ?? '').trim();
        // The code kept, the count of wrong codes and the completion change together or not at all.
        const decided = deps.transaction((): { view: AcsView; status: 200 | 400 } => {
          const current = store.getById(p.record.id)!;
          if (current.status !== 'REQUIRE_CHALLENGE' || expired(current))
            return { view: end(current, current, p), status: 200 };
          const submitted = submitCode(deps, current, code, 'issuer_page', originOf(c));
          if (submitted.kind === 'malformed') return { view: form(current, p, t.malformed), status: 400 };
          if (submitted.kind === 'retry')
            return { view: form(current, p, t.wrong(submitted.attemptsLeft)), status: 200 };
          const { completed } = submitted;
          const view = end(current, completed, p);
          // The ACS posts its result, the base64url cres, to the 3DS server's notification URL.
          if (completed?.status === 'AUTH_FLOW_COMPLETED' && view.state === 'done') {
            const cres = encodeCres(completed, completed.authenticationStatus === 'AUTHENTICATED' ? 'Y' : 'N');
            view.cres = { cres, authentication: completed.id, token: p.token, parent: p.parent, locale: p.locale };
          }
          return { view, status: 200 };
        });
        // The code is on its authentication's console page now: an open page refreshes (a wrong code
        // changes no status, and the challenge origin's requests are not in the request log).
        deps.journal.feed.publish({ type: 'status', merchantId: p.record.merchantId, id: p.record.id });
        return show(c, p, decided.view, decided.status);
      };
    },
  }),
];

/**
 * The 3DS server's challenge notification URL: takes the ACS's cres, checks it is this
 * challenge's, and shows the end, whose script tells the host "ended". The outcome shown is the
 * stored one (the cres only notifies); the SDK then reads it from the API.
 */
export const NOTIFICATION_ROUTE: Route = defineRoute({
  operationId: 'challengeNotification',
  method: 'post',
  path: '/challenge/notification',
  origin: 'challenge',
  tag: 'Challenge origin',
  summary:
    "The 3DS server's challenge notification URL: the issuer page form-posts `cres` (base64url CRes) here when the challenge ended",
  description:
    'Its page tells the host page, which tells the SDK; the outcome shown is the stored one. A `cres` that ' +
    "is not this challenge's is a 400 naming its field (`cres.transStatus`).",
  security: 'none',
  body: {
    contentType: 'application/x-www-form-urlencoded',
    required: true,
    schema: { name: 'ChallengeNotificationForm', schema: challengeForm({ cres: base64url() }) },
  },
  responses: { '200': html('The end of the challenge.', { headers: PAGE_CSP_HEADER }) },
  errors: [400, 403, 413, 415],
  handle: (deps) => {
    const { end, show } = issuerPages(deps);
    return async (c) => {
      const body = await readForm(c);
      const p = readChallengeParams((name) => body.get(name) ?? undefined, deps.authentications, deps.corsOrigins);
      const problems = cresProblems(body.get('cres'), p.record);
      if (problems.length) throw new ApiError(400, problems);
      return show(c, p, end(p.record, p.record, p));
    };
  },
});

import { defineRoute, type Route } from '../http/route';
import { PAGE_CSP_HEADER, html } from '../http/route-answers';
import { encodeCreq } from '../three-ds/challenge-messages';
import { CHALLENGE_QUERY, readChallengeParams } from './challenge-params';
import { pageScript } from './challenge-assets';
import { hostPage } from './challenge-pages';
import { pageCsp } from './page-headers';

/**
 * GET /challenge/host: the page the SDK frames (the API's challenge URL plus `parent`, the SDK
 * page's origin, and `locale`). It opens the issuer page in its frame with a form POST of `creq`.
 * Only `parent` may frame it (CSP frame-ancestors), and the penpal child in it talks to `parent`
 * only. Its script may reach its own origin only (connect-src), to record a canceled challenge.
 */
export const HOST_ROUTE: Route = defineRoute({
  operationId: 'getChallengeHost',
  method: 'get',
  path: '/challenge/host',
  origin: 'challenge',
  tag: 'Challenge origin',
  summary: 'The page the SDK frames: the challenge URL plus `parent` and `locale`',
  description: 'Errors are HTML pages when the request accepts text/html, the error body otherwise.',
  security: 'none',
  parameters: CHALLENGE_QUERY,
  responses: { '200': html('The host page.', { headers: PAGE_CSP_HEADER }) },
  errors: [400, 403],
  handle: (deps) => (c) => {
    const { record, token, locale, parent } = readChallengeParams(
      (name) => c.req.query(name),
      deps.authentications,
      deps.corsOrigins,
    );
    // The issuer page opens with a form POST of the base64url creq (EMV 3DS), in the window size the
    // SDK asked for (03, the dialog's default, from an SDK that asked for none).
    const creq = encodeCreq(record);
    // Its script inline, and the CSP allowing exactly that script (or the linked one when not built).
    const script = pageScript('host');
    c.header(
      'content-security-policy',
      pageCsp(parent, "; frame-src 'self'; connect-src 'self'; form-action 'self'", script?.cspSource),
    );
    return c.html(
      hostPage({ locale, parent, acsFields: { creq, authentication: record.id, token, parent, locale } }, script),
    );
  },
});

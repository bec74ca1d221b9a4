import { SESSION_HEADER } from '../../core/session-header';
import type { MiddlewareHandler } from 'hono';
import { SESSION_EXPIRED, UNAUTHORIZED } from '../http/api-error-code';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import type { MerchantStore } from '../merchants/merchant-store';
import type { SessionStore } from '../sessions/session-store';

/**
 * Authorises SDK routes by the session in X-Gateway-Session and sets the session's merchant.
 * Missing header: 401 UNAUTHORIZED. Unknown or expired session: 401 SESSION_EXPIRED, which
 * the SDK turns into "create a new session and call setUp again".
 */
export const sessionAuth =
  (sessions: SessionStore, merchants: MerchantStore): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const session = c.req.header(SESSION_HEADER)?.trim();
    if (!session)
      throw ApiError.of(401, UNAUTHORIZED, SESSION_HEADER, `Send the SDK session in the ${SESSION_HEADER} header.`);
    const merchantId = sessions.merchantOf(session);
    const merchant = merchantId === undefined ? undefined : merchants.get(merchantId);
    if (!merchant) {
      throw ApiError.of(
        401,
        SESSION_EXPIRED,
        SESSION_HEADER,
        'The session is expired or unknown: create a new session and call setUp with it.',
      );
    }
    c.set('merchant', merchant);
    // Nothing to do after the route: handing its promise back spares an async frame per request.
    return next();
  };

import type { MiddlewareHandler } from 'hono';
import { FORBIDDEN, UNAUTHORIZED } from '../http/api-error-code';
import type { ConsoleAccess } from '../console/console-access';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { bearerToken } from '../http/bearer-token';
import type { MerchantStore } from '../merchants/merchant-store';

/**
 * Requires the merchant's token: `Authorization: Bearer <token>`. A bare token, without the word
 * Bearer, is accepted too, as one published example sends it (docs/rules.md#credentials). Without
 * a token, the console's cookie stands for it (docs/console.md#safety): only under one of the
 * sandbox's own names and from its own origin, else 403.
 */
export const merchantAuth =
  (merchants: MerchantStore, access: ConsoleAccess): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const token = bearerToken(c);
    const signedIn = token ? undefined : access.merchantOf(c);
    if (signedIn && !(access.ownHost(c) && access.sameOrigin(c))) {
      throw ApiError.of(
        403,
        FORBIDDEN,
        '',
        "The console's cookie is honoured only on the sandbox's own address and from its own pages.",
      );
    }
    const merchant = token ? merchants.byToken(token) : signedIn ? merchants.get(signedIn) : undefined;
    if (!merchant) {
      throw ApiError.of(
        401,
        UNAUTHORIZED,
        'Authorization',
        token ? 'The bearer token is not valid.' : 'Send the header Authorization: Bearer <token>.',
      );
    }
    c.set('merchant', merchant);
    // The console's buttons: what they change is recorded as the console's doing (journal/status-changes.ts).
    if (!token) c.set('viaConsole', true);
    return next();
  };

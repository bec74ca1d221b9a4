import type { MiddlewareHandler } from 'hono';
import { UNAUTHORIZED } from '../http/api-error-code';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { bearerToken } from '../http/bearer-token';
import type { MerchantStore } from '../merchants/merchant-store';

/**
 * Requires the merchant's token: `Authorization: Bearer <token>`. A bare token, without the word
 * Bearer, is accepted too, as one published example sends it (docs/rules.md#credentials).
 */
export const merchantAuth =
  (merchants: MerchantStore): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const token = bearerToken(c);
    const merchant = token ? merchants.byToken(token) : undefined;
    if (!merchant) {
      throw ApiError.of(
        401,
        UNAUTHORIZED,
        'Authorization',
        token ? 'The bearer token is not valid.' : 'Send the header Authorization: Bearer <token>.',
      );
    }
    c.set('merchant', merchant);
    return next();
  };

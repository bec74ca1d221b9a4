/**
 * Gateway browser SDK: 3-D Secure authentication for checkout pages.
 *
 * ```ts
 * import { setUp, authenticate3DS, GatewayError } from '@gateway/sdk';
 * setUp({ session, env: 'SANDBOX' });
 * const { status, id } = await authenticate3DS({ data, dataOnly: false });
 * ```
 * @packageDocumentation
 */
export { authenticate3DS } from './authenticate';
export { createCardFields } from './card-fields/create-card-fields';
export type * from './card-fields/card-fields-types';
export { env, setUp } from './config';
export {
  encryptCard,
  type EncryptCardError,
  type EncryptCardErrorCode,
  type EncryptCardInput,
  type EncryptCardResult,
} from './encrypt-card';
export { ErrorCode } from './errors/error-code';
export { GatewayError, type GatewayErrorDetail } from './errors/gateway-error';
export { version } from './version';
export type { ErrorItem } from '../core/error-item';
export type { CardBrand } from '../core/card-brand';
export type { CardPaymentType } from '../core/card-payment-type';
export type { PhoneType } from '../core/phone-type';
export type * from './types';

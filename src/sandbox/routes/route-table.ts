import { SESSION_HEADER } from '../../core/session-header';
import { ACS_ROUTES, NOTIFICATION_ROUTE } from '../challenge/acs-routes';
import { CARD_FIELD_ROUTE } from '../challenge/card-field-route';
import { CHALLENGE_ASSET_ROUTES } from '../challenge/challenge-assets';
import { END_ROUTE } from '../challenge/end-route';
import { HOST_ROUTE } from '../challenge/host-route';
import { METHOD_ROUTES } from '../challenge/method-routes';
import type { NamedSchema, Route } from '../http/route';
import { errorBody } from '../openapi/response-schemas';
import { AUTHENTICATION_ROUTES } from './authentications';
import { BOLETO_FILE_ROUTE } from './boleto-files';
import { CARD_FIELDS_ROUTES } from './card-fields';
import { BOLETO_SIMULATOR_ROUTES } from './boleto-simulator';
import { CHALLENGE_DECISION_ROUTE } from './challenge-decision';
import { CHARGE_ROUTES } from './charges';
import { CHECKOUT_ROUTES } from './checkouts';
import { CHECKOUT_PAY_ROUTES } from './checkout-pay';
import { MERCHANT_SETTINGS_ROUTES } from './merchant-settings';
import { OPENAPI_ROUTES } from './openapi';
import { ORDER_ROUTES } from './orders';
import { PIX_SIMULATOR_ROUTES } from './pix-simulator';
import { PUBLIC_KEY_ROUTES } from './public-keys';
import { TOKEN_ROUTES } from './tokens';
import { SPLIT_ROUTES } from './splits';
import { QR_CODE_FILE_ROUTE } from './qr-code-files';
import { SDK_SCRIPT_ROUTE } from './sdk-scripts';
import { SDK_SESSION_ROUTES } from './sdk-sessions';
import { REQUEST_LOG_ROUTES } from './request-log';
import { SANDBOX_CLOCK_ROUTES } from './sandbox-clock';
import { SANDBOX_EVENT_ROUTES } from './sandbox-events';
import { SANDBOX_RESOURCE_ROUTES } from './sandbox-resources';
import { WEBHOOK_DELIVERY_ROUTES } from './webhook-deliveries';

/**
 * Every route of the API and of the challenge origin: the one list. mountRoutes puts each on its
 * origin's app in this order (which hono's matching depends on: see charges.ts), the OpenAPI
 * generator documents them in it, and the contract tests iterate over them.
 */
export const routeTable = (): readonly Route[] => [
  SDK_SCRIPT_ROUTE,
  ...PUBLIC_KEY_ROUTES,
  ...TOKEN_ROUTES,
  ...SDK_SESSION_ROUTES,
  ...CARD_FIELDS_ROUTES,
  ...AUTHENTICATION_ROUTES,
  ...ORDER_ROUTES,
  ...CHARGE_ROUTES,
  ...CHECKOUT_ROUTES,
  ...CHECKOUT_PAY_ROUTES,
  ...SPLIT_ROUTES,
  BOLETO_FILE_ROUTE,
  ...BOLETO_SIMULATOR_ROUTES,
  QR_CODE_FILE_ROUTE,
  ...PIX_SIMULATOR_ROUTES,
  ...MERCHANT_SETTINGS_ROUTES,
  CHALLENGE_DECISION_ROUTE,
  ...OPENAPI_ROUTES,
  ...CHALLENGE_ASSET_ROUTES,
  HOST_ROUTE,
  CARD_FIELD_ROUTE,
  ...ACS_ROUTES,
  END_ROUTE,
  NOTIFICATION_ROUTE,
  ...METHOD_ROUTES,
  // The console's endpoints last, the clock and the reset at the very end: the contract tests call
  // the table in order on one sandbox, and moving its time or emptying it would spoil the others' cases.
  ...REQUEST_LOG_ROUTES,
  ...WEBHOOK_DELIVERY_ROUTES,
  ...SANDBOX_RESOURCE_ROUTES,
  ...SANDBOX_EVENT_ROUTES,
  ...SANDBOX_CLOCK_ROUTES,
];

/** The error body's component, shared by every error answer. */
export const ERROR_SCHEMA: NamedSchema = { name: 'Error', schema: errorBody };

/** The session header's name as the document spells it. */
export const SESSION_HEADER_NAME = SESSION_HEADER;

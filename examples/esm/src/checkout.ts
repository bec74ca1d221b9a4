// The example checkout bundled from the npm ESM build: the same page as the script-tag version
// (examples/checkout/public/checkout-page.mjs runs both), handed the SDK's named exports
// instead of window.Gateway. The bundler keeps only what is imported here.
import { authenticate3DS, createCardFields, env, GatewayError, setUp } from '@gateway/sdk';
import { runCheckout } from '../../checkout/public/checkout-page.mjs';

runCheckout({
  authenticate3DS,
  createCardFields,
  GatewayError,
  // Unlike the script tag the sandbox serves, a bundle cannot know where the API runs.
  setUp: (session, config) => setUp({ session, env: env.SANDBOX, apiUrl: config.apiUrl }),
});

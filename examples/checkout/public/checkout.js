// The example checkout with the SDK from its script tag: window.Gateway, set by gateway.js
// before this module runs. The page itself is checkout-page.mjs, shared with the ESM build.
import { runCheckout } from './checkout-page.mjs';

const { Gateway } = window;
runCheckout({
  authenticate3DS: Gateway.authenticate3DS,
  createCardFields: Gateway.createCardFields,
  GatewayError: Gateway.GatewayError,
  setUp: (session) => Gateway.setUp({ session, env: Gateway.env.SANDBOX }),
});

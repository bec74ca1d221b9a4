// docs/sdk.md's declaration (API reference) for pages that use the script tag: window.Gateway gets the package's types.
import type * as GatewaySdk from '@gateway/sdk';
import { expectTypeOf } from 'vitest';

declare global {
  interface Window {
    Gateway: typeof GatewaySdk;
  }
}

expectTypeOf(window.Gateway.setUp).parameter(0).toEqualTypeOf<GatewaySdk.SetUpOptions>();
expectTypeOf(window.Gateway.authenticate3DS).returns.resolves.toEqualTypeOf<GatewaySdk.AuthenticationResult>();
expectTypeOf(window.Gateway.env.SANDBOX).toEqualTypeOf<'SANDBOX'>();
// @ts-expect-error: env is PROD or SANDBOX
window.Gateway.setUp({ session: 's', env: 'TEST' });

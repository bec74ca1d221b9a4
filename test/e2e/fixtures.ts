import { test as base } from '@playwright/test';
// The e2e suite runs against the built package, as integrators do: `npm test` builds first.
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';
import { MerchantServer } from './merchant-server';

export { expect } from '@playwright/test';

interface WorkerFixtures {
  /** The merchant's origin: serves test pages and dist/gateway.js at /gateway.js. */
  merchant: MerchantServer;
  /** A sandbox (API origin + challenge origin) for this worker. */
  sandbox: Sandbox;
}

/** Three origins in every test: merchant page, API, challenge (different ports). */
export const test = base.extend<object, WorkerFixtures>({
  merchant: [
    async ({}, use) => {
      const server = await new MerchantServer().start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  sandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox();
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
});

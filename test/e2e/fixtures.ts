import { test as base } from '@playwright/test';
import { MerchantServer } from './merchant-server';

export { expect } from '@playwright/test';

/** Fixtures every e2e test can use. The sandbox fixtures are added beside `merchant`. */
export const test = base.extend<object, { merchant: MerchantServer }>({
  merchant: [
    async ({}, use) => {
      const server = await new MerchantServer().start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

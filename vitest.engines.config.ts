import { defineConfig } from 'vitest/config';

// The cross-engine suite (test/engines): run once per engine, ENGINE=firefox or ENGINE=webkit,
// against the built package (build first). One browser per run, scenarios in order.
export default defineConfig({
  test: {
    name: `engines-${process.env.ENGINE ?? 'unset'}`,
    include: ['test/engines/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

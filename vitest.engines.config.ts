import { defineConfig } from 'vitest/config';

// The cross-engine suite (test/engines): run once per engine, ENGINE=firefox or ENGINE=webkit,
// against the built package (build first). One browser per run, scenarios in order.
export default defineConfig({
  test: {
    name: `engines-${process.env.ENGINE ?? 'unset'}`,
    include: ['test/engines/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // A scenario drives a real browser through three origins: seconds alone, several times that on a
    // busy 2-core machine. Only a hang reaches this.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

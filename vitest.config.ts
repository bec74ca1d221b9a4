import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['test/fast-check-seed.ts'],
        },
      },
      {
        // Checks of the repository itself rather than of behaviour: line lengths, import rules, the
        // composition root, docs links, the guide's and the testing page's quoted code.
        test: {
          name: 'repository',
          include: ['test/repository/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Server-side rendering: the built package imported in plain Node. Needs a build first.
        test: {
          name: 'ssr',
          include: ['test/ssr/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'sandbox',
          include: ['test/sandbox/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/fast-check-seed.ts'],
          // Each file starts its own in-memory sandbox; two cores is what CI has.
          maxWorkers: 2,
          // These tests do real work (RSA keys, hundreds of HTTP requests per property): on a busy
          // 2-core machine that passed vitest's 5 s default. The timeout only catches a hang; speed
          // is measured by the benchmarks.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // vitest refuses projects with different maxWorkers in one group: this one runs after.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

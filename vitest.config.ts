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
          // Property tests validate hundreds of requests in jsdom: 1 to 2 s alone, several times that
          // on a busy 2-core machine. A timeout here only catches a hang; speed is the benchmarks'.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Checks of the repository itself rather than of behaviour: line lengths, import rules, the
        // composition root, docs links, the guide's and the testing page's quoted code.
        test: {
          name: 'repository',
          include: ['test/repository/**/*.test.ts'],
          environment: 'node',
          // Each reads the whole tree (every source file, every doc, the import graph): seconds under load.
          testTimeout: 30_000,
        },
      },
      {
        // Server-side rendering: the built package imported in plain Node. Needs a build first.
        test: {
          name: 'ssr',
          include: ['test/ssr/**/*.test.ts'],
          environment: 'node',
          // These start built sandboxes, run child Node processes and tsc on a consumer's project:
          // tsc alone takes 10 to 20 s when other work shares the 2 cores (sandbox-errors,
          // openapi-served and public-docs passed vitest's 5 s default under load). Only a hang fails.
          testTimeout: 90_000,
          hookTimeout: 60_000,
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

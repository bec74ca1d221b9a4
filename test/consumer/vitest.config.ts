import { defineConfig } from 'vitest/config';

// The consumer suite: the packed tarball installed in an empty project, as an integrator does.
// Its own config (not a project of the root one): it installs from npm and compiles
// better-sqlite3, so `npx vitest run` stays quick; scripts/test-all.mjs runs it as its own suite.
export default defineConfig({
  test: {
    include: ['test/consumer/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/consumer/install.ts'],
    // One install shared by every test; the files run one after another (two cores).
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

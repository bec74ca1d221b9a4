import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';
import { builtinModules } from 'node:module';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const ts = () => typescript({ tsconfig: './tsconfig.build.json', outDir: undefined });
const browser = () => [nodeResolve({ browser: true }), ts()];
// Three passes let terser inline the small helpers zod/mini leaves behind.
const minify = () => terser({ compress: { passes: 3, pure_getters: true }, format: { comments: false } });

/**
 * The script-tag build cannot split chunks, so it loads its challenge code as a second script:
 * this swaps the dynamic-import loader for the one that adds gateway-challenge.js.
 */
const challengeAsScript = () => ({
  name: 'challenge-as-script',
  async resolveId(source, importer) {
    if (!source.endsWith('/challenge/load-challenge')) return null;
    const resolved = await this.resolve(source.replace(/load-challenge$/, 'load-challenge-script'), importer, { skipSelf: true });
    return resolved;
  },
});

/** Writes the SRI hash of the finished gateway-challenge.js into gateway.js (see challenge-integrity.ts). */
const challengeIntegrity = () => ({
  name: 'challenge-integrity',
  renderChunk(code) {
    const hash = createHash('sha384').update(readFileSync('dist/gateway-challenge.js')).digest('base64');
    const value = `sha384-${hash}`;
    const placeholder = '__GATEWAY_CHALLENGE_INTEGRITY__'.padEnd(value.length, '_');
    if (!code.includes(placeholder)) this.error('challenge integrity placeholder not found');
    // Same length as the placeholder: the source map needs no change.
    return { code: code.replace(placeholder, value), map: null };
  },
});

const nodeExternal = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3'];

export default [
  // The challenge code (dialog, frame, penpal), fetched by gateway.js only when an issuer asks for a
  // challenge. Built first: gateway.js carries its integrity hash.
  {
    input: 'src/sdk/challenge/challenge-script.ts',
    output: { file: 'dist/gateway-challenge.js', format: 'iife', sourcemap: true, plugins: [minify()] },
    plugins: browser(),
  },
  // Script tag: window.Gateway. IIFE (not UMD) so a page with RequireJS still gets the global.
  {
    input: 'src/sdk/global.ts',
    output: { file: 'dist/gateway.js', format: 'iife', name: 'Gateway', sourcemap: true, plugins: [minify(), challengeIntegrity()] },
    plugins: [challengeAsScript(), ...browser()],
  },
  // npm: ESM and CommonJS, zod and penpal bundled in so the package has no runtime dependencies.
  {
    input: 'src/sdk/index.ts',
    // The challenge code is a chunk of its own, which a merchant's bundler loads on demand.
    output: [
      { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: 'index.js', chunkFileNames: 'chunks/[name].js' },
      { dir: 'dist', format: 'cjs', sourcemap: true, exports: 'named', entryFileNames: 'index.cjs', chunkFileNames: 'chunks/[name].cjs' },
    ],
    plugins: browser(),
  },
  {
    input: 'src/sdk/index.ts',
    output: [{ file: 'dist/index.d.ts' }, { file: 'dist/index.d.cts' }],
    plugins: [dts({ tsconfig: './tsconfig.build.json' })],
  },
  // The sandbox (Node): hono is bundled in; better-sqlite3 is an optional peer dependency.
  // Chunks get stable names, so rebuilds do not pile up stale hashed files for npm pack.
  {
    input: { index: 'src/sandbox/index.ts', cli: 'src/sandbox/cli.ts' },
    output: { dir: 'dist/sandbox', format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    external: nodeExternal,
    plugins: [nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }), ts()],
  },
  // The challenge origin's page scripts (browser IIFEs the sandbox serves next to itself): the host is the penpal child.
  ...['host', 'acs'].map((page) => ({
    input: `src/sandbox/challenge/${page}-script.ts`,
    output: { file: `dist/sandbox/challenge-${page}.js`, format: 'iife', plugins: [minify()] },
    plugins: browser(),
  })),
  // The same sandbox for require(): CommonJS test runners load it too.
  {
    input: 'src/sandbox/index.ts',
    output: { file: 'dist/sandbox/index.cjs', format: 'cjs', sourcemap: true, exports: 'named', inlineDynamicImports: true },
    external: nodeExternal,
    plugins: [nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }), ts()],
  },
  {
    input: 'src/sandbox/index.ts',
    output: [{ file: 'dist/sandbox/index.d.ts' }, { file: 'dist/sandbox/index.d.cts' }],
    external: nodeExternal,
    plugins: [dts({ tsconfig: './tsconfig.build.json' })],
  },
  // The testing kit (Node, Playwright): @playwright/test is an optional peer dependency and the
  // sandbox is imported from the package's own sandbox entry, never bundled twice.
  ...testingBuilds(),
];

/** `../sandbox/index` from src/testing becomes an import of the built sandbox entry beside it. */
function testingBuilds() {
  const SANDBOX = '\0gateway-sandbox-entry';
  const sandboxEntry = () => ({
    name: 'sandbox-entry',
    resolveId(source, importer) {
      if (source === '../sandbox/index' && importer?.includes('/src/testing/')) return { id: SANDBOX, external: true };
      return null;
    },
  });
  const external = [...nodeExternal, '@playwright/test'];
  const esm = { [SANDBOX]: '../sandbox/index.js' };
  const cjs = { [SANDBOX]: '../sandbox/index.cjs' };
  return [
    {
      input: 'src/testing/index.ts',
      output: [
        { file: 'dist/testing/index.js', format: 'es', sourcemap: true, paths: esm },
        { file: 'dist/testing/index.cjs', format: 'cjs', sourcemap: true, exports: 'named', paths: cjs },
      ],
      external,
      plugins: [sandboxEntry(), nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }), ts()],
    },
    {
      input: 'src/testing/index.ts',
      output: [
        { file: 'dist/testing/index.d.ts', paths: esm },
        { file: 'dist/testing/index.d.cts', paths: cjs },
      ],
      external,
      plugins: [sandboxEntry(), dts({ tsconfig: './tsconfig.build.json' })],
    },
  ];
}

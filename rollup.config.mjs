// The package build. `npx rollup -c` builds everything; `--configNoTypes` the JS builds only (what
// `npm start` needs), `--configTypesOnly` the declarations only. `npm run build`, `npm start`,
// `npm run sandbox` and `npm pack` run these through wireit (package.json), which skips a step
// whose inputs have not changed since it last ran and restores earlier outputs from its cache.
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { execFile } from 'node:child_process';
import { builtinModules } from 'node:module';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { thirdPartyNotices } from './scripts/third-party-notices.mjs';

// esbuild transpiles only: the type-check is `npm run typecheck`, part of `npm test`.
const ts = () => esbuild({ tsconfig: 'tsconfig.build.json', target: 'es2020' });
// Every build records the packages it bundles: dist/THIRD-PARTY-NOTICES.md carries their licences.
const browser = () => [ts(), nodeResolve({ browser: true }), thirdPartyNotices()];
// Three passes let terser inline the small helpers zod leaves behind. `/*!` comments stay: the
// banner that points at the licences.
const minify = () => terser({ compress: { passes: 3, pure_getters: true }, format: { comments: /^!/ } });
/** Where the licences of the bundled code are, at the top of every minified script. */
const licenseBanner =
  '/*! @gateway/sdk | MIT | bundles MIT-licensed code: see LICENSE and THIRD-PARTY-NOTICES.md in the package */';
/**
 * Maps are built (for our own debugging) but not referenced and not packed: rollup's maps of these
 * builds held zod, penpal and hono but none of our sources, and were two thirds of the tarball. The
 * npm builds are unminified, readable code.
 */
const sourcemap = 'hidden';

/**
 * The script-tag build cannot split chunks, so it loads its challenge code and its card fields' code
 * as scripts of their own: this swaps the dynamic-import loaders for the ones that add
 * gateway-challenge.js and gateway-fields.js. encryptCard is in gateway.js itself: it is
 * synchronous, as the provider's is, so it cannot wait for a script. Its
 * GatewayError skips the ES5 prototype repair: nobody transpiles gateway.js (restore-prototype-script.ts).
 */
const lazyScripts = () => ({
  name: 'lazy-scripts',
  async resolveId(source, importer) {
    if (source.endsWith('/challenge/import-challenge-module'))
      return this.resolve(source.replace(/import-challenge-module$/, 'add-challenge-script'), importer, {
        skipSelf: true,
      });
    if (source === './import-card-fields-module' && importer?.includes('/src/sdk/card-fields/'))
      return this.resolve('./add-card-fields-script', importer, { skipSelf: true });
    if (source === './restore-prototype')
      return this.resolve('./restore-prototype-script', importer, { skipSelf: true });
    return null;
  },
});

/**
 * The scripts gateway.js loads, each resolved once its build has written it: gateway.js waits for
 * them also if the builds run at the same time.
 */
const lazyScriptFiles = new Map(
  ['dist/gateway-challenge.js', 'dist/gateway-fields.js'].map((file) => {
    let written;
    const promise = new Promise((resolve) => {
      written = resolve;
    });
    return [file, { promise, written }];
  }),
);
/** Tells gateway.js's build that this script is written. */
const lazyScriptWritten = () => ({
  name: 'lazy-script-written',
  writeBundle(options) {
    lazyScriptFiles.get(options.file).written();
  },
});

/** Writes the SRI hashes of the finished gateway-challenge.js and gateway-fields.js into gateway.js (see challenge-integrity.ts). */
const scriptIntegrity = () => ({
  name: 'script-integrity',
  async renderChunk(code) {
    await Promise.all([...lazyScriptFiles.values()].map((f) => f.promise));
    for (const [file, name] of [
      ['dist/gateway-challenge.js', 'CHALLENGE'],
      ['dist/gateway-fields.js', 'FIELDS'],
    ]) {
      const hash = createHash('sha384').update(readFileSync(file)).digest('base64');
      const value = `sha384-${hash}`;
      const placeholder = `__GATEWAY_${name}_INTEGRITY__`.padEnd(value.length, '_');
      if (!code.includes(placeholder)) this.error(`${name.toLowerCase()} integrity placeholder not found`);
      // Same length as the placeholder: the source map needs no change.
      code = code.replace(placeholder, value);
    }
    return { code, map: null };
  },
});

/**
 * require('@gateway/sdk/sandbox') for CommonJS test runners, without a second copy of hono and zod:
 * startSandbox is async anyway, so the wrapper imports the ESM build when it is called.
 */
const sandboxCommonJs = () => ({
  name: 'sandbox-commonjs',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'index.cjs',
      source: [
        "'use strict';",
        '// CommonJS door to the ESM sandbox build (./index.js): one copy of the sandbox in the package.',
        "Object.defineProperty(exports, '__esModule', { value: true });",
        "exports.startSandbox = function startSandbox(options) { return import('./index.js').then(function (m) { return m.startSandbox(options); }); };",
        "const errors = require('./start-errors.cjs');",
        ...START_ERROR_NAMES.map((name) => `exports.${name} = errors.${name};`),
        '',
      ].join('\n'),
    });
  },
});

/**
 * The errors startSandbox rejects with (src/sandbox/storage/start-errors.ts) exist once, as
 * dist/sandbox/start-errors.cjs: the ESM sandbox imports them from there and the CommonJS door
 * re-exports them, so `error instanceof SandboxDependencyError` holds however the package was loaded.
 */
const START_ERRORS = '\0gateway-start-errors';
const START_ERROR_NAMES = ['SandboxDependencyError', 'DataFileOverLimitError', 'DataFileVersionError'];
const startErrorsOnce = () => ({
  name: 'start-errors-once',
  resolveId(source, importer) {
    if (source.endsWith('/start-errors') && importer?.includes('/src/sandbox/'))
      return { id: START_ERRORS, external: true };
    return null;
  },
});

/**
 * dist/sandbox/openapi.json: the committed OpenAPI document (docs/openapi.json, kept equal to the
 * generator's output by a test), which the sandbox serves; the generator itself stays out of the package.
 */
const openApiDocument = () => ({
  name: 'openapi-document',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'openapi.json',
      source: JSON.stringify(JSON.parse(readFileSync('docs/openapi.json', 'utf8'))),
    });
  },
});

const nodeExternal = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3'];

/** `../sandbox/index` from the testing kit (in `dir`) becomes an import of the built sandbox entry beside it. */
const SANDBOX = '\0gateway-sandbox-entry';
const sandboxEntry = (dir) => ({
  name: 'sandbox-entry',
  resolveId(source, importer) {
    if (source === '../sandbox/index' && importer && dirname(importer) === dir) return { id: SANDBOX, external: true };
    return null;
  },
});
const testingExternal = [...nodeExternal, '@playwright/test'];
const testingPaths = { esm: { [SANDBOX]: '../sandbox/index.js' }, cjs: { [SANDBOX]: '../sandbox/index.cjs' } };

/**
 * The builds of one run: the JS builds and the declaration bundles of the package's three entries,
 * or one of the two (`--configNoTypes`, `--configTypesOnly`).
 * @param {{ configNoTypes?: boolean, configTypesOnly?: boolean }} args rollup's command line
 */
export default function config(args) {
  if (args.configTypesOnly) return declarationBuilds();
  return args.configNoTypes ? javaScript : [...javaScript, ...declarationBuilds()];
}

/** The console's stylesheet (src/sandbox/console/console.css), copied beside the built sandbox, which reads it there. */
const consoleStylesheet = () => ({
  name: 'console-stylesheet',
  buildStart() {
    this.addWatchFile(resolve('src/sandbox/console/console.css'));
  },
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'console.css',
      source: readFileSync('src/sandbox/console/console.css', 'utf8'),
    });
  },
});

/** The scripts, the npm entries, the sandbox and the testing kit. */
const javaScript = [
  // The challenge code (dialog, frame, penpal), fetched by gateway.js only when an issuer asks for a
  // challenge. Built first: gateway.js carries its integrity hash.
  {
    input: 'src/sdk/challenge/challenge-script-entry.ts',
    output: {
      file: 'dist/gateway-challenge.js',
      format: 'iife',
      sourcemap,
      banner: licenseBanner,
      plugins: [minify(), lazyScriptWritten()],
    },
    plugins: browser(),
  },
  // The hosted card fields' page code, fetched by gateway.js on the first createCardFields. Built
  // before gateway.js too, for the same reason.
  {
    input: 'src/sdk/card-fields/card-fields-script-entry.ts',
    output: {
      file: 'dist/gateway-fields.js',
      format: 'iife',
      sourcemap,
      banner: licenseBanner,
      plugins: [minify(), lazyScriptWritten()],
    },
    plugins: browser(),
  },
  // Script tag: window.Gateway, and window.PagSeguro when the page has none (src/sdk/global.ts).
  // IIFE (not UMD) so a page with RequireJS still gets the globals. The IIFE's `var Gateway` is a
  // global only in a classic top-level script: the footer sets it on globalThis for a module
  // script, a bundler import and a loader's eval too. It also defines an AMD module, but only in a
  // script RequireJS itself added (it marks it data-requiremodule): there `require(['pagseguro'],
  // function (PagSeguro) {…})` gets the API without a shim, while an anonymous define() in a script
  // the page added would make RequireJS throw "Mismatched anonymous define()".
  {
    input: 'src/sdk/global.ts',
    output: {
      file: 'dist/gateway.js',
      format: 'iife',
      name: 'Gateway',
      sourcemap,
      banner: licenseBanner,
      footer: [
        'globalThis.Gateway = Gateway;',
        'globalThis.PagSeguro ??= Gateway;',
        "typeof define == 'function' && define.amd && document.currentScript?.hasAttribute('data-requiremodule') &&",
        '  define(() => Gateway);',
      ].join('\n'),
      plugins: [minify(), scriptIntegrity()],
    },
    plugins: [lazyScripts(), ...browser()],
  },
  // npm: ESM and CommonJS, zod and penpal bundled in so the package has no runtime dependencies.
  {
    input: 'src/sdk/index.ts',
    // The challenge code is a chunk of its own, which a merchant's bundler loads on demand.
    output: [
      { dir: 'dist', format: 'es', sourcemap, entryFileNames: 'index.js', chunkFileNames: 'chunks/[name].js' },
      {
        dir: 'dist',
        format: 'cjs',
        sourcemap,
        exports: 'named',
        entryFileNames: 'index.cjs',
        chunkFileNames: 'chunks/[name].cjs',
      },
    ],
    plugins: browser(),
  },
  // The sandbox (Node): hono is bundled in; better-sqlite3 is an optional peer dependency, loaded
  // only when a sandbox starts. Chunks get stable names, so rebuilds do not pile up stale hashed
  // files for npm pack. One build: index.cjs is a small wrapper around the ESM build.
  {
    input: { index: 'src/sandbox/index.ts', cli: 'src/sandbox/cli.ts' },
    output: {
      dir: 'dist/sandbox',
      format: 'es',
      sourcemap,
      entryFileNames: '[name].js',
      chunkFileNames: '[name].js',
      paths: { [START_ERRORS]: './start-errors.cjs' },
    },
    external: nodeExternal,
    plugins: [
      startErrorsOnce(),
      ts(),
      nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
      thirdPartyNotices(),
      sandboxCommonJs(),
      openApiDocument(),
      consoleStylesheet(),
    ],
  },
  {
    input: 'src/sandbox/storage/start-errors.ts',
    output: { file: 'dist/sandbox/start-errors.cjs', format: 'cjs', exports: 'named', sourcemap },
    plugins: [ts()],
  },
  // The CPF/CNPJ rule, copied as a plain module for the example checkout, whose page and server
  // load their files as they are (examples/checkout/public/shopper-rules.mjs): one rule, the API's.
  {
    input: 'src/core/tax-id.ts',
    output: {
      file: 'examples/checkout/public/tax-id.mjs',
      format: 'es',
      banner: '// Written by the package build (npx rollup -c) from src/core/tax-id.ts: edit that file.',
    },
    plugins: [ts()],
  },
  // The challenge origin's page scripts (browser IIFEs the sandbox serves next to itself): the host is the penpal child.
  ...['host', 'acs'].map((page) => ({
    input: `src/sandbox/challenge/${page}-script.ts`,
    output: { file: `dist/sandbox/challenge-${page}.js`, format: 'iife', plugins: [minify()] },
    plugins: browser(),
  })),
  // The console's page script, inline in every console page under a CSP that allows it by hash.
  {
    input: 'src/sandbox/console/console-script.ts',
    output: { file: 'dist/sandbox/console-page.js', format: 'iife', plugins: [minify()] },
    plugins: browser(),
  },
  // The checkout pay page's script (the API origin's page at a checkout's PAY link): window.Gateway does the card.
  {
    input: 'src/sandbox/checkouts/pay-page-script.ts',
    output: { file: 'dist/sandbox/checkout-pay.js', format: 'iife', plugins: [minify()] },
    plugins: browser(),
  },
  // The hosted card field's frame script (src/sdk/card-fields/frame/): SDK code that runs on the
  // challenge origin, which the sandbox serves inline in its field page.
  {
    input: 'src/sdk/card-fields/frame/field-frame-script.ts',
    output: {
      file: 'dist/sandbox/challenge-card-field.js',
      format: 'iife',
      banner: licenseBanner,
      plugins: [minify()],
    },
    plugins: browser(),
  },
  // The testing kit (Node, Playwright): @playwright/test is an optional peer dependency and the
  // sandbox is imported from the package's own sandbox entry, never bundled twice.
  {
    input: 'src/testing/index.ts',
    output: [
      // Hidden like every other build's map: the maps are not packed, so a reference would send an
      // integrator's debugger after files that are not there.
      { file: 'dist/testing/index.js', format: 'es', sourcemap, paths: testingPaths.esm },
      { file: 'dist/testing/index.cjs', format: 'cjs', sourcemap, exports: 'named', paths: testingPaths.cjs },
    ],
    external: testingExternal,
    plugins: [
      sandboxEntry(resolve('src/testing')),
      ts(),
      nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    ],
  },
];

/** Where `tsc -p tsconfig.types.json` writes the declarations of src/ (a tree like src/'s). */
const DECLARATIONS = '.cache/declarations';
let declared;
/** Runs tsc once per process, before the first declaration bundle reads its output. */
const declarationsEmitted = () => ({
  name: 'declarations-emitted',
  async buildStart() {
    declared ??= promisify(execFile)(process.execPath, [
      'node_modules/typescript/bin/tsc',
      '-p',
      'tsconfig.types.json',
    ]).catch((error) => {
      throw new Error(`tsc -p tsconfig.types.json failed:\n${error.stdout}${error.stderr}`);
    });
    await declared;
  },
});

/** The .d.ts bundles of the package's three entries (rollup-plugin-dts), from tsc's declarations. */
function declarationBuilds() {
  const plugins = () => [declarationsEmitted(), dts({ tsconfig: './tsconfig.types.json' })];
  // Imports of packages stay imports, as from src/.
  const external = (id) => !id.startsWith('.') && !isAbsolute(id);
  return [
    {
      input: join(DECLARATIONS, 'sdk/index.d.ts'),
      output: [{ file: 'dist/index.d.ts' }, { file: 'dist/index.d.cts' }],
      external,
      plugins: plugins(),
    },
    {
      input: join(DECLARATIONS, 'sandbox/index.d.ts'),
      output: [{ file: 'dist/sandbox/index.d.ts' }, { file: 'dist/sandbox/index.d.cts' }],
      external,
      plugins: plugins(),
    },
    {
      input: join(DECLARATIONS, 'testing/index.d.ts'),
      output: [
        { file: 'dist/testing/index.d.ts', paths: testingPaths.esm },
        { file: 'dist/testing/index.d.cts', paths: testingPaths.cjs },
      ],
      external,
      plugins: [sandboxEntry(resolve(DECLARATIONS, 'testing')), ...plugins()],
    },
  ];
}

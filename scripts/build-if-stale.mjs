// Builds what is stale, and only that: dist/ (rollup.config.mjs) when one of its inputs changed
// since the build it holds, and for `npm start` the ESM example (examples/esm/dist/). The hashes of
// the inputs decide (scripts/build-stamp.mjs). `npm run build`, `npm start`, `npm run sandbox` and
// `npm pack` build through here; `npx rollup -c` always builds, one bundle after the other. It
// reports on stderr: `npm pack --json` keeps stdout to itself.
//
// The bundles of one config are built at the same time, in this process: while one is bundled on
// the main thread, terser minifies another in its worker thread, so both cores work
// (docs/performance.md, "The build and npm start"). The npm scripts run it with
// --max-semi-space-size=64: rollup's many short-lived objects then cost fewer young-generation
// collections (6 % of a build).
//
//   node scripts/build-if-stale.mjs             (npm run build) dist/, declarations included
import { fileURLToPath } from 'node:url';
import { clearStamp, EXAMPLE_INPUTS, hashInputs, isCurrent, PACKAGE_INPUTS, writeStamp } from './build-stamp.mjs';

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Starts rollup builds all at once, warnings silenced as `rollup --silent` does: one promise per
 * build, which rejects when it fails. Rollup and the configs are loaded only then: a current build
 * loads nothing.
 */
async function startBuilds(builds) {
  const { rollup } = await import('rollup');
  return builds.map(async (options) => {
    const bundle = await rollup({ ...options, onwarn: () => {} });
    await Promise.all([options.output].flat().map((output) => bundle.write(output)));
    // Closed only when written: a build that failed to write leaves dist/ unstamped.
    await bundle.close();
  });
}

/**
 * One step: prints `label` as it starts and how long it took, or that it was skipped.
 * @param {string} label
 * @param {boolean} current
 * @param {() => Promise<unknown>} build
 */
async function step(label, current, build) {
  if (current) {
    console.error(`${label}: current (no input changed since its build), skipped`);
    return;
  }
  const since = performance.now();
  console.error(`${label}: building…`);
  try {
    await build();
  } catch (error) {
    console.error(`${label}: failed after ${seconds(since)}`);
    throw error;
  }
  console.error(`${label}: done in ${seconds(since)}`);
}

/** The package's builds (rollup.config.mjs), started. */
async function startPackage(types) {
  const { default: config } = await import('../rollup.config.mjs');
  const builds = config({ configNoTypes: !types });
  return { builds, running: await startBuilds(builds) };
}

/**
 * Builds dist/ when stale. `types: false` leaves out the declarations; a build without them does
 * not count as current for one that needs them.
 * @param {{ types?: boolean, label?: string }} [options]
 */
export function buildPackage({ types = true, label = 'dist/ (rollup.config.mjs)' } = {}) {
  return step(label, isCurrent('dist', PACKAGE_INPUTS, types ? { types: true } : {}), async () => {
    await Promise.all((await startPackage(types)).running);
  });
}

/** Builds the ESM example into examples/esm/dist/ when stale: it bundles dist/index.js, which must be built. */
function buildExample(label) {
  return step(label, isCurrent('examples/esm/dist', EXAMPLE_INPUTS), async () => {
    const inputs = hashInputs(EXAMPLE_INPUTS);
    clearStamp('examples/esm/dist');
    const { esmExampleConfig, MINIFY_OPTIONS } = await import('../examples/esm/rollup.config.mjs');
    const { sharedMinifier } = await import('./minify.mjs');
    const { transpileTypescript } = await import('./transpile-typescript.mjs');
    // Both pages transpiled file by file, as the package, and minified by the terser worker the
    // package's build has warmed (scripts/minify.mjs): the example's types are checked by `npm run
    // typecheck`. The pages are the same, byte for byte, as its config's plugins make them.
    const ts = transpileTypescript(fileURLToPath(new URL('../examples/esm/tsconfig.json', import.meta.url)));
    await Promise.all(await startBuilds(esmExampleConfig(undefined, ts, sharedMinifier(MINIFY_OPTIONS))));
    writeStamp('examples/esm/dist', inputs);
  });
}

/**
 * `npm start`'s builds: dist/ without the declarations, and the ESM example, which starts as soon
 * as the SDK's ESM build is written and is built beside the rest of dist/.
 * @param {string} packageLabel
 * @param {string} exampleLabel
 * @returns {{ packageBuilt: Promise<void>, exampleBuilt: Promise<void> }} each rejects when its build fails
 */
export function buildForStart(packageLabel, exampleLabel) {
  let esmWritten;
  const esmBuilt = new Promise((resolve) => {
    esmWritten = resolve;
  });
  const packageBuilt = step(packageLabel, isCurrent('dist', PACKAGE_INPUTS), async () => {
    const { builds, running } = await startPackage(false);
    running[builds.findIndex((build) => build.input === 'src/sdk/index.ts')].then(esmWritten, () => {});
    await Promise.all(running);
  });
  // When dist/ is current, the example does not wait; when its build fails, neither is built.
  const exampleBuilt = Promise.race([esmBuilt, packageBuilt]).then(() => buildExample(exampleLabel));
  return { packageBuilt, exampleBuilt };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildPackage().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

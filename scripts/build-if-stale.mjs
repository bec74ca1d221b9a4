// Builds what is stale, and only that: dist/ (rollup.config.mjs) when one of its inputs changed
// since the build it holds, and for `npm start` the ESM example (examples/esm/dist/). The hashes of
// the inputs decide (scripts/build-stamp.mjs). `npm run build`, `npm start`, `npm run sandbox` and
// `npm pack` build through here; `npx rollup -c` always builds, one bundle after the other. It
// reports on stderr: `npm pack --json` keeps stdout to itself.
//
// The bundles of one config are built at the same time, in this process: while one is bundled on
// the main thread, terser minifies another in its worker threads and tsc writes the declarations
// in a child process, so both cores work (docs/performance.md, "The build").
//
//   node scripts/build-if-stale.mjs             (npm run build) dist/, declarations included
import { fileURLToPath } from 'node:url';
import { clearStamp, EXAMPLE_INPUTS, hashInputs, isCurrent, PACKAGE_INPUTS, writeStamp } from './build-stamp.mjs';

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs rollup builds at the same time, warnings silenced as `rollup --silent` does; rejects when
 * one fails. Rollup and the configs are loaded only then: a current build starts nothing.
 */
async function runBuilds(builds) {
  const { rollup } = await import('rollup');
  return Promise.all(
    builds.map(async (options) => {
      const bundle = await rollup({ ...options, onwarn: () => {} });
      await Promise.all([options.output].flat().map((output) => bundle.write(output)));
      // Closed only when written: a build that failed to write leaves dist/ unstamped.
      await bundle.close();
    }),
  );
}

/**
 * One step: prints `label`, then how long it took, or that it was skipped because `dir` is current.
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
    console.error(`      failed after ${seconds(since)}`);
    throw error;
  }
  console.error(`      done in ${seconds(since)}`);
}

/**
 * Builds dist/ when stale. `types: false` (npm start) leaves out the declarations; a build without
 * them does not count as current for one that needs them.
 * @param {{ types?: boolean, label?: string }} [options]
 */
export function buildPackage({ types = true, label = 'dist/ (rollup.config.mjs)' } = {}) {
  return step(label, isCurrent('dist', PACKAGE_INPUTS, types ? { types: true } : {}), () =>
    import('../rollup.config.mjs').then((config) => runBuilds(config.default({ configNoTypes: !types }))),
  );
}

/**
 * Builds the ESM example into examples/esm/dist/ when stale (it bundles dist/index.js: build
 * dist/ first).
 * @param {{ label?: string }} [options]
 */
export function buildExample({ label = 'examples/esm/dist/ (the ESM example)' } = {}) {
  return step(label, isCurrent('examples/esm/dist', EXAMPLE_INPUTS), async () => {
    const inputs = hashInputs(EXAMPLE_INPUTS);
    clearStamp('examples/esm/dist');
    const { esmExampleConfig } = await import('../examples/esm/rollup.config.mjs');
    await runBuilds(esmExampleConfig());
    writeStamp('examples/esm/dist', inputs);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildPackage().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

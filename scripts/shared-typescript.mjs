// One @rollup/plugin-typescript program for every build of one rollup run.
//
// The plugin creates a TypeScript program in each build's buildStart and closes it in buildEnd, so
// a config of eight builds parsed and emitted the same sources eight times: most of a full build's
// time (docs/performance.md, "The build"). The program emits every source of the tsconfig at once
// and the plugin keeps that output for its whole life, so one instance can serve each build that
// follows: this starts the program in the first build, lets later builds load from it, and closes
// it when the last build that uses it ends (or one fails). For one-shot builds (`rollup -c`, the
// JS API), not `rollup --watch`.
import typescript from '@rollup/plugin-typescript';
import ts from 'typescript';

/**
 * The plugin for builds of one run: call the returned function once per build, as you would
 * `typescript()`. The builds may run one after the other (rollup's CLI) or at once
 * (scripts/build-if-stale.mjs): the first buildStart makes the program and its whole output
 * before it returns, and none closes it before the last build ends.
 * @param {import('@rollup/plugin-typescript').RollupTypescriptOptions} options
 * @returns {() => import('rollup').Plugin}
 */
export function sharedTypescript(options) {
  const plugin = typescript(options);
  let builds = 0;
  let ended = 0;
  let started = false;
  return () => {
    builds++;
    return {
      ...plugin,
      buildStart(input) {
        if (started) return;
        started = true;
        return plugin.buildStart.call(this, input);
      },
      buildEnd(error) {
        ended++;
        if (ended === builds || error) return plugin.buildEnd.call(this, error);
      },
    };
  };
}

/**
 * TypeScript as the plugin sees it, resolving relative imports only. Each file is transpiled on its
 * own (isolatedModules, and no type-check: noCheck), so the packages' types the program would
 * otherwise parse (zod, hono, @types/node: 256 files, more than our 174) change nothing in the output;
 * node-resolve, before this plugin in every build, resolves the packages themselves.
 */
const relativeOnly = {
  ...ts,
  resolveModuleName: (name, ...rest) =>
    name.startsWith('.') ? ts.resolveModuleName(name, ...rest) : { resolvedModule: undefined },
};

/**
 * Options for a program that only transpiles `tsconfig`'s sources, byte for byte as a checked one
 * would: the type-check is `npm run typecheck`'s.
 * @param {string} tsconfig
 * @returns {import('@rollup/plugin-typescript').RollupTypescriptOptions}
 */
export const transpileOnly = (tsconfig) => ({
  tsconfig,
  outDir: undefined,
  typescript: relativeOnly,
  compilerOptions: { noCheck: true, types: [] },
});

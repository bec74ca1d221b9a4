// Bundles the ESM example's two pages from `import … from '@gateway/sdk'`, the way a
// merchant's own build would. Each page is its own build, so the saved-card page's bundle
// shows what tree-shaking leaves out (encryptCard). Output: examples/esm/dist/<page>/ (git-ignored).
//
//   npx rollup -c examples/esm/rollup.config.mjs      (npm run build:examples)
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The pages of the example, by the name of their entry file in src/. */
export const PAGES = ['checkout', 'saved-card'];

/** The TypeScript plugin for this example's pages. */
const exampleTypescript = () => typescript({ tsconfig: here('./tsconfig.json'), outDir: undefined });
/** The minifier, with terser's defaults and no comments. */
export const MINIFY_OPTIONS = { format: { comments: false } };
const exampleMinify = () => terser(MINIFY_OPTIONS);

/**
 * One rollup build per page, into `outDir/<page>/`. The e2e tests build into their own folder;
 * `npm start` passes its own `ts` and `minify`, which make the same pages with less work
 * (scripts/build-if-stale.mjs).
 */
export function esmExampleConfig(outDir = here('./dist/'), ts = exampleTypescript, minify = exampleMinify) {
  return PAGES.map((page) => ({
    input: here(`./src/${page}.ts`),
    output: {
      dir: `${outDir}/${page}`,
      format: 'es',
      entryFileNames: 'main.js',
      // The SDK loads its challenge code only when a bank asks for a challenge: a chunk of its own.
      chunkFileNames: '[name].js',
      plugins: [minify()],
    },
    plugins: [
      // '@gateway/sdk' resolves through the package's exports (browser ESM build), as in an app.
      nodeResolve({ browser: true }),
      ts(),
    ],
  }));
}

export default esmExampleConfig();

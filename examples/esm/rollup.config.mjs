// Bundles the ESM example's two pages from `import … from '@gateway/sdk'`, the way a
// merchant's own build would. Each page is its own build, so the saved-card page's bundle
// shows what tree-shaking leaves out (encryptCard). Output: examples/esm/dist/<page>/ (git-ignored).
//
//   npx rollup -c examples/esm/rollup.config.mjs      (npm run build:examples)
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { fileURLToPath } from 'node:url';
import esbuild from 'rollup-plugin-esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The pages of the example, by the name of their entry file in src/. */
export const PAGES = ['checkout', 'saved-card'];

/** One rollup build per page, into `outDir/<page>/`. The e2e tests build into their own folder. */
function esmExampleConfig(outDir = here('./dist/')) {
  return PAGES.map((page) => ({
    input: here(`./src/${page}.ts`),
    output: {
      dir: `${outDir}/${page}`,
      format: 'es',
      entryFileNames: 'main.js',
      // The SDK loads its challenge code only when a bank asks for a challenge: a chunk of its own.
      chunkFileNames: '[name].js',
      // terser's defaults, without comments.
      plugins: [terser({ format: { comments: false } })],
    },
    plugins: [
      // '@gateway/sdk' resolves through the package's exports (browser ESM build), as in an app.
      nodeResolve({ browser: true }),
      // Transpiles only: `npm run typecheck` checks the pages' types.
      esbuild({ tsconfig: here('./tsconfig.json'), target: 'es2020' }),
    ],
  }));
}

export default esmExampleConfig();

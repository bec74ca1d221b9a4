// Whether a build folder (dist/, examples/esm/dist/) holds a build of the sources as they are now.
//
// A build writes a stamp into its folder: a hash of the content of every input it reads, and the
// size and modification time of each file it left. The build is current while both still match:
// content, not modification times, decides, so a `git checkout` that touches files without
// changing them costs nothing, and one that changes them is never missed; a build file deleted or
// edited by hand makes it stale. A build that fails or stops half-way leaves no stamp (the stamp
// is removed when a build starts and written when it ends).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = '.build-stamp.json';

/** What rollup.config.mjs reads: a change to any of them makes dist/ stale. */
export const PACKAGE_INPUTS = [
  'src',
  'rollup.config.mjs',
  'scripts/build-stamp.mjs',
  'scripts/transpile-typescript.mjs',
  'scripts/type-declarations.mjs',
  'scripts/check-imports.mjs',
  'scripts/minify.mjs',
  'scripts/minify-worker.mjs',
  'scripts/third-party-notices.mjs',
  'docs/openapi.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** What `npm start`'s build of the ESM example reads, the SDK's ESM build among them. */
export const EXAMPLE_INPUTS = [
  'examples/esm/src',
  'examples/esm/rollup.config.mjs',
  'examples/esm/tsconfig.json',
  'scripts/build-if-stale.mjs',
  'scripts/transpile-typescript.mjs',
  'scripts/minify.mjs',
  'scripts/minify-worker.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'dist/index.js',
  'dist/chunks',
];

/** Every file under `path` (or `path` itself), relative to the repository, sorted. */
function filesOf(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesOf(join(path, name)));
}

/** The hash of the names and contents of `inputs` (files or folders, relative to the repository). */
export function hashInputs(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** The size and modification time of every file a build left in `dir`, the stamp aside. */
function outputsOf(dir) {
  return Object.fromEntries(
    filesOf(dir)
      .filter((file) => !file.endsWith(STAMP))
      .map((file) => {
        const stat = statSync(join(root, file));
        return [relative(dir, file), [stat.size, stat.mtimeMs]];
      }),
  );
}

/**
 * What `dir`'s stamp says, when `dir` still holds exactly what that build left.
 * @param {string} dir relative to the repository
 * @returns {{ inputs: string, [key: string]: unknown } | undefined}
 */
function currentStamp(dir) {
  const file = join(root, dir, STAMP);
  if (!existsSync(file)) return undefined;
  const stamp = JSON.parse(readFileSync(file, 'utf8'));
  for (const [name, [size, mtime]] of Object.entries(stamp.outputs)) {
    const path = join(root, dir, name);
    if (!existsSync(path)) return undefined;
    const stat = statSync(path);
    if (stat.size !== size || stat.mtimeMs !== mtime) return undefined;
  }
  return stamp;
}

/**
 * True when `dir` holds a build of `inputs` as they are now, made with every option of `needs`
 * (`{ types: true }`: with the declarations).
 * @param {string} dir
 * @param {string[]} inputs
 * @param {Record<string, unknown>} [needs]
 */
export function isCurrent(dir, inputs, needs = {}) {
  const stamp = currentStamp(dir);
  return stamp?.inputs === hashInputs(inputs) && Object.entries(needs).every(([key, value]) => stamp[key] === value);
}

/** Removes `dir`'s stamp: called as a build starts, so a build that does not finish leaves none. */
export function clearStamp(dir) {
  rmSync(join(root, dir, STAMP), { force: true });
}

/**
 * Records that `dir` now holds a build of the inputs whose hash is `inputs`.
 * @param {string} dir
 * @param {string} inputs the hash of the inputs, taken before the build read them
 * @param {Record<string, unknown>} [options] how it was built (`{ types: true }`)
 */
export function writeStamp(dir, inputs, options = {}) {
  writeFileSync(
    join(root, dir, STAMP),
    `${JSON.stringify({ inputs, ...options, outputs: outputsOf(dir) }, null, 2)}\n`,
  );
}

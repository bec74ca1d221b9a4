// Terser for every minified script of a process, in one worker thread: started with the first
// script, kept for the next ones (the package's and, in `npm start`, the ESM example's), and never
// what keeps the process alive while it is idle.
//
// Why not @rollup/plugin-terser: each instance starts worker threads of its own, each of which
// loads and compiles terser anew (about 0.3 s of CPU), and closes them as soon as its own chunks
// are done: five scripts paid that five times in every build, on two cores the bundling already
// keeps busy (docs/performance.md, "The build and npm start"). The same terser, the options the
// plugin would pass, the same output.
import { Worker } from 'node:worker_threads';

/** @type {Worker | undefined} */
let worker;
let nextId = 0;
/** @type {Map<number, { resolve: (value: { code: string, map?: object }) => void, reject: (error: Error) => void }>} */
const pending = new Map();

const start = () => {
  const started = new Worker(new URL('./minify-worker.mjs', import.meta.url));
  started.on('message', ({ id, code, map, error }) => {
    const task = pending.get(id);
    pending.delete(id);
    if (error) task?.reject(new Error(error));
    else task?.resolve({ code, map });
    // Idle: the worker must not keep the process alive (a run ends when its builds do).
    if (pending.size === 0) started.unref();
  });
  // A worker that fails, or ends for any reason, fails what it still had to minify: a build never
  // waits for an answer that cannot come. The next script starts a new worker.
  const fail = (error) => {
    if (worker === started) worker = undefined;
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the terser worker ended (exit code ${code})`)));
  return started;
};

/**
 * Minifies `code` in the process's one terser worker, started by the first script.
 * @param {string} code
 * @param {import('terser').MinifyOptions} options
 * @returns {Promise<{ code: string, map?: object }>}
 */
const minifyInWorker = (code, options) =>
  new Promise((resolve, reject) => {
    worker ??= start();
    worker.ref();
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, code, options });
  });

/**
 * A minify plugin factory with terser `options`: call the returned function once per output, as
 * you would `terser(options)`. Every factory of a process shares the one worker: `npm start`'s
 * example pages are minified by the terser its package build has already compiled and warmed.
 * @param {import('terser').MinifyOptions} options
 * @returns {() => import('rollup').Plugin}
 */
export function sharedMinifier(options) {
  // The same chunk in the same format is minified once: the ESM example's two pages share their
  // challenge chunk, byte for byte. Kept by factory, whose options are fixed, while the process
  // lives: one build's scripts, a few megabytes.
  /** @type {Map<string, Promise<{ code: string, map?: object }>>} */
  const minified = new Map();
  return () => ({
    name: 'minify',
    async renderChunk(code, _chunk, outputOptions) {
      const sourceMap = Boolean(outputOptions.sourcemap);
      const key = `${sourceMap} ${outputOptions.format}\n${code}`;
      if (!minified.has(key)) {
        const result = minifyInWorker(code, {
          ...options,
          sourceMap,
          ...(outputOptions.format === 'es' && { module: true }),
          ...(outputOptions.format === 'cjs' && { toplevel: true }),
        });
        minified.set(key, result);
        // A failure is not kept: the next build tries again.
        result.catch(() => minified.delete(key));
      }
      const result = await minified.get(key);
      return sourceMap ? { code: result.code, map: result.map } : result.code;
    },
  });
}

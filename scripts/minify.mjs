// Terser for every minified script of one rollup run, in one worker thread: started with the first
// script, kept for the next ones, and never what keeps the process alive while it is idle.
//
// Why not @rollup/plugin-terser: each instance starts worker threads of its own, each of which
// loads and compiles terser anew (about 0.3 s of CPU), and closes them as soon as its own chunks
// are done: five scripts paid that five times in every build, on two cores the bundling already
// keeps busy (docs/performance.md, "The build and npm start"). The same terser, the options the
// plugin would pass, the same output.
import { Worker } from 'node:worker_threads';

/**
 * A minify plugin factory for the builds of one run: call the returned function once per output,
 * as you would `terser(options)`.
 * @param {import('terser').MinifyOptions} options
 * @returns {() => import('rollup').Plugin}
 */
export function sharedMinifier(options) {
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
    started.on('error', (error) => {
      for (const task of pending.values()) task.reject(error);
      pending.clear();
      worker = undefined;
    });
    return started;
  };

  /** @param {string} code @param {import('terser').MinifyOptions} extra */
  const minify = (code, extra) =>
    new Promise((resolve, reject) => {
      worker ??= start();
      worker.ref();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, code, options: { ...options, ...extra } });
    });

  return () => ({
    name: 'minify',
    async renderChunk(code, _chunk, outputOptions) {
      const sourceMap = Boolean(outputOptions.sourcemap);
      const result = await minify(code, {
        sourceMap,
        ...(outputOptions.format === 'es' && { module: true }),
        ...(outputOptions.format === 'cjs' && { toplevel: true }),
      });
      return sourceMap ? { code: result.code, map: result.map } : result.code;
    },
  });
}

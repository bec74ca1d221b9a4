// The worker thread of scripts/minify.mjs: minifies what it is sent with terser, one script at a time.
import { parentPort } from 'node:worker_threads';
import { minify } from 'terser';

parentPort.on('message', async ({ id, code, options }) => {
  try {
    const result = await minify(code, options);
    const map = typeof result.map === 'string' ? JSON.parse(result.map) : result.map;
    parentPort.postMessage({ id, code: result.code || code, map });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

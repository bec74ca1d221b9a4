import { rollup } from 'rollup';
import config from '../rollup.config.mjs';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
const c = config.find((x) => x.output?.file === 'dist/gateway.js');
const bundle = await rollup({ input: c.input, plugins: c.plugins, onwarn() {} });
const { output } = await bundle.generate({ format: 'iife', name: 'Gateway' });
const rows = [];
for (const [id, m] of Object.entries(output[0].modules)) {
  if (!m.code) continue;
  const min = (await minify(`(function(){${m.code}})()`, { compress: false, mangle: true })).code;
  rows.push([id.replace(/.*node_modules\//, 'nm/').replace(/.*\/h19\//, ''), min.length, gzipSync(min, { level: 9 }).length]);
}
rows.sort((a, b) => b[1] - a[1]);
let t = 0; for (const r of rows) { t += r[1]; console.log(String(r[1]).padStart(6), String(r[2]).padStart(6), r[0]); }
console.log('sum min', t);

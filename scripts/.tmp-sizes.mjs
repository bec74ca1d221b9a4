// Builds the script-tag bundle with rollup and reports per-module rendered sizes (minified contribution estimated by gzip of each module's rendered code).
import { rollup } from 'rollup';
import config from '../rollup.config.mjs';
import { gzipSync } from 'node:zlib';
const c = config.find((x) => x.output?.file === 'dist/gateway.js');
const bundle = await rollup({ input: c.input, plugins: c.plugins });
const { output } = await bundle.generate({ format: 'iife', name: 'Gateway' });
const mods = output[0].modules;
const rows = Object.entries(mods).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace('/work/h19/', ''), m.renderedLength, m.code ? gzipSync(m.code).length : 0]);
rows.sort((a, b) => b[1] - a[1]);
let tot = 0; for (const r of rows) tot += r[1];
for (const r of rows.slice(0, 45)) console.log(String(r[1]).padStart(7), String(r[2]).padStart(6), r[0]);
console.log('total rendered', tot);

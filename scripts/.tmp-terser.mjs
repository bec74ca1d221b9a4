import { rollup } from 'rollup';
import config from '../rollup.config.mjs';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
const c = config.find((x) => x.output?.file === 'dist/gateway.js');
const bundle = await rollup({ input: c.input, plugins: c.plugins, onwarn() {} });
const { output } = await bundle.generate({ format: 'iife', name: 'Gateway' });
const code = output[0].code;
writeFileSync('/tmp/h19-gateway-raw.js', code);
const variants = {
  current: { compress: { passes: 3, pure_getters: true } },
  ecma2020: { ecma: 2020, compress: { passes: 3, pure_getters: true, ecma: 2020 }, format: { ecma: 2020 } },
  unsafe: { ecma: 2020, compress: { passes: 3, pure_getters: true, ecma: 2020, unsafe: true, unsafe_arrows: true, unsafe_methods: true, keep_fargs: false, unsafe_comps: true }, format: { ecma: 2020 } },
};
for (const [name, opts] of Object.entries(variants)) {
  const out = await minify(code, opts);
  console.log(name.padEnd(10), out.code.length, gzipSync(out.code, { level: 9 }).length);
}

// @vitest-environment node
import { readFileSync } from 'node:fs';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import { describe, expect, it } from 'vitest';
import { EDITS, trimZodSource, zodTrim } from '../../scripts/zod-trim.mjs';

const zodSource = (file: string) => readFileSync(`node_modules/zod/v4/core/${file}.js`, 'utf8');

/** Bundles a one-module entry with the trim, as the browser builds do. */
async function bundle(entry: string): Promise<string> {
  const build = await rollup({
    input: 'entry',
    plugins: [
      { name: 'entry', resolveId: (id) => (id === 'entry' ? id : null), load: (id) => (id === 'entry' ? entry : null) },
      zodTrim(),
      nodeResolve({ browser: true }),
    ],
    onwarn: () => {},
  });
  const { output } = await build.generate({ format: 'es' });
  return output[0].code;
}

describe('the zod trim at build time', () => {
  it('applies every edit to the installed zod exactly as often as written', () => {
    for (const file of new Set(EDITS.map((e) => e.file))) {
      const source = zodSource(file);
      const trimmed = trimZodSource(file, source).toString();
      expect(trimmed.length).toBeLessThan(source.length);
    }
  });

  it('fails, naming the file and the edit, on a zod whose source is not the one the edits were written for', () => {
    const changed = zodSource('schemas').replace(
      '    capSize(inst, arraySize);\n',
      '    capSize(inst, sizeOfArray);\n',
    );
    expect(() => trimZodSource('schemas', changed)).toThrow(
      'zod-trim: zod/v4/core/schemas.js has 0 matches, not 1, for the edit "An array\'s size checks: there are no checks."',
    );
  });

  it('fails when a region no longer ends where it did, rather than cutting on to the same end further on', () => {
    const source = zodSource('schemas');
    // $ZodObject's propValues without the end its region was written for: the next such end is in
    // $ZodDiscriminatedUnion, and cutting that far would leave valid code with whole classes gone.
    const objectEnd =
      '                    propValues[key].add(undefined);\n            }\n        }\n        return propValues;';
    expect(source).toContain(objectEnd);
    const changed = source.replace(objectEnd, () =>
      objectEnd.replace('return propValues;', 'return Object.freeze(propValues);'),
    );
    expect(() => trimZodSource('schemas', changed)).toThrow(
      'zod-trim: zod/v4/core/schemas.js: the edit "An object\'s property values, read only by discriminated unions." would cut past the statement it starts in',
    );
    // One memoised allocation changed: its region would run on to the next one, a class further down.
    const arrayAlloc = 'memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length)';
    expect(source).toContain(arrayAlloc);
    expect(() =>
      trimZodSource(
        'schemas',
        source.replace(arrayAlloc, () => arrayAlloc.replace('ctx)', 'ctx, 0)')),
      ),
    ).toThrow('would cut past the statement it starts in');
  });

  it('builds the five reviewed classes with no page-global configuration left in the code', async () => {
    const code = await bundle(
      "import * as z from 'zod/v4/core'; export const s = new z.$ZodObject({ type: 'object', shape: { a: new z.$ZodOptional({ type: 'optional', innerType: new z.$ZodTransform({ type: 'transform', transform: (v) => v }) }), b: new z.$ZodArray({ type: 'array', element: new z.$ZodTransform({ type: 'transform', transform: (v) => v }) }) } });",
    );
    expect(code).toContain('"$ZodObject"');
    expect(code).not.toContain('__zod_globalConfig');
    expect(code).not.toContain('postProcessor');
    expect(code).not.toContain('memoizer');
  });

  it('refuses a build that uses a zod class the edits were not reviewed for', async () => {
    await expect(
      bundle("import * as z from 'zod/v4/core'; export const s = new z.$ZodString({ type: 'string' });"),
    ).rejects.toThrow("zod-trim: entry.js uses zod's $ZodString, which scripts/zod-trim.mjs was not reviewed for");
  });

  it('refuses a build that parses asynchronously, backward or abort-early, which the trimmed classes no longer do', async () => {
    const transform = "new z.$ZodTransform({ type: 'transform', transform: (v) => v })";
    for (const [call, name] of [
      ['encode', '_encode, encode'],
      ['safeParseAsync', '_safeParseAsync, safeParseAsync'],
      ['validate', 'validate'],
    ])
      await expect(
        bundle(`import * as z from 'zod/v4/core'; export const s = (v) => z.${call}(${transform}, v);`),
      ).rejects.toThrow(`zod-trim: entry.js uses zod's ${name}, which scripts/zod-trim.mjs was not reviewed for`);
    await expect(
      bundle(`import * as z from 'zod/v4/core'; export const s = (v) => z.safeParse(${transform}, v);`),
    ).resolves.toContain('safeParse');
  });
});

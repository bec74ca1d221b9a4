import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { sharedMinifier } from '../../scripts/minify.mjs';

type Minified = string | { code: string; map: unknown };
type RenderChunk = (code: string, chunk: object, options: { format: string; sourcemap: boolean }) => Promise<Minified>;
/** Minifies `code` as rollup would call the plugin of `factory` for an output of `format`. */
const render = (factory: () => { renderChunk: RenderChunk }, code: string, format = 'iife'): Promise<Minified> =>
  factory().renderChunk(code, {}, { format, sourcemap: false });

const SCRIPT =
  '/*! keep me */\n/* @license drop me */\nfunction add(first, second) { return first + second; }\nadd(1, 2);';

describe('scripts/minify.mjs', () => {
  it('gives each factory its own options, even when they differ only by a pattern', async () => {
    const bang = sharedMinifier({ format: { comments: /^!/ } });
    const license = sharedMinifier({ format: { comments: /@license/ } });
    const [withBang, withLicense] = await Promise.all([render(bang, SCRIPT), render(license, SCRIPT)]);
    expect(withBang).toContain('keep me');
    expect(withBang).not.toContain('drop me');
    expect(withLicense).toContain('drop me');
    expect(withLicense).not.toContain('keep me');
  });

  it('minifies the same chunk once per format, and each format as it needs', async () => {
    const factory = sharedMinifier({ compress: { passes: 2 } });
    const code = 'export const answer = 40 + 2;';
    const [first, again, asScript] = await Promise.all([
      render(factory, code, 'es'),
      render(factory, code, 'es'),
      render(factory, 'const answer = 40 + 2;', 'iife'),
    ]);
    expect(first).toBe('export const answer=42;');
    expect(again).toBe(first);
    expect(asScript).toBe('const answer=42;');
  });

  it('fails the build of a script terser cannot read, and minifies the next one', async () => {
    const factory = sharedMinifier({});
    await expect(render(factory, 'function (')).rejects.toThrow(/Unexpected token|Name expected/);
    await expect(render(factory, 'function (')).rejects.toThrow();
    expect(await render(factory, 'let unused = 1 + 1;')).toBe('let unused=2;');
  });
});

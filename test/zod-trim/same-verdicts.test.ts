// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import fc from 'fast-check';
import { rollup, type Plugin } from 'rollup';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zodTrim } from '../../scripts/zod-trim.mjs';
import { mutateAt, REQUEST_PATHS } from '../unit/support/requests';
import { anyValue, validRequest } from '../unit/support/arbitraries';

// The SDK's validation bundled twice from the same source, as rollup builds it (not through vite,
// which this project points at the trimmed zod): once with zod as published, once trimmed
// (scripts/zod-trim.mjs). Whatever a page hands over, both must give the same verdict, the same
// error items in the same order and the same validated value.

type ValidateRequest = (request: unknown) => unknown;

/** TypeScript to JavaScript, types dropped: the bundle only needs to run. */
const typescript = (): Plugin => ({
  name: 'transpile',
  transform(code, id) {
    if (!id.endsWith('.ts')) return null;
    const out = ts.transpileModule(code, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: true },
      fileName: id,
    });
    return { code: out.outputText, map: out.sourceMapText };
  },
});

let dir: string;
let full: ValidateRequest;
let trimmed: ValidateRequest;
const code: Record<string, string> = {};

async function build(trim: boolean, name: string): Promise<ValidateRequest> {
  const bundle = await rollup({
    input: 'src/sdk/validate-request.ts',
    plugins: [
      ...(trim ? [zodTrim()] : []),
      nodeResolve({ browser: true, extensions: ['.ts', '.mjs', '.js'] }),
      typescript(),
    ],
    onwarn: () => {},
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const file = join(dir, `${name}.mjs`);
  code[name] = output[0].code;
  writeFileSync(file, output[0].code);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { validateRequest: ValidateRequest })
    .validateRequest;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zod-trim-'));
  [full, trimmed] = await Promise.all([build(false, 'full'), build(true, 'trimmed')]);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Both validations of one request, which each reads on its own (a snapshot copies it first). */
const same = (request: unknown) => expect(trimmed(request)).toStrictEqual(full(request));

/** Paths the validator reads, and keys a snapshot must not copy, to aim mutations at. */
const PATHS = [...REQUEST_PATHS, 'data.customer.phones[1]', 'data.__proto__', 'data.customer.constructor'];

describe('zod trimmed and zod as published', () => {
  it('are two different builds: only the published one retries asynchronously and reads the page configuration', () => {
    for (const text of ['validateAsync', 'globalThis.__zod_globalConfig']) {
      expect(code.full).toContain(text);
      expect(code.trimmed).not.toContain(text);
    }
  });

  it('give the same answer for anything as the request, and anything as data', () => {
    fc.assert(
      fc.property(anyValue, (make) => {
        same(make());
        same({ data: make(), dataOnly: false });
      }),
      { numRuns: 300 },
    );
  });

  it('give the same answer for valid requests with random mutations, frozen or not', () => {
    const mutation = fc.record({ path: fc.constantFrom(...PATHS), value: anyValue, del: fc.boolean() });
    fc.assert(
      fc.property(validRequest, fc.array(mutation, { maxLength: 4 }), fc.boolean(), (generated, mutations, freeze) => {
        const request = structuredClone(generated);
        for (const m of mutations) mutateAt(request, m.path, m.value(), m.del);
        if (freeze) Object.freeze((request as { data?: object }).data ?? request);
        same(request);
      }),
      { numRuns: 500 },
    );
  });
});

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { typeDeclarations } from '../../scripts/type-declarations.mjs';

let project: string;
afterEach(() => rmSync(project, { recursive: true, force: true }));

/** A project of `files` (under src/) with a tsconfig as the package's; returns its tsconfig's path. */
function projectOf(files: Record<string, string>): string {
  project = mkdtempSync(join(tmpdir(), 'gateway-declare-'));
  const tsconfig = join(project, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2020',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        rootDir: 'src',
      },
      include: ['src'],
    }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, 'src', file)), { recursive: true });
    writeFileSync(join(project, 'src', file), text);
  }
  return tsconfig;
}

/** Runs the plugin's buildStart as rollup would; what it reported through `this.error`, if anything. */
function declare(tsconfig: string, entries: string[]) {
  const declarations = typeDeclarations(
    tsconfig,
    entries.map((entry) => join(project, 'src', entry)),
  );
  let error: string | undefined;
  declarations.plugin().buildStart.call({
    error: (message: string) => {
      error = message;
    },
  });
  return { outDir: declarations.outDir as string, error };
}

describe('scripts/type-declarations.mjs', () => {
  it('declares what the entries reach, through their declarations, and nothing else', () => {
    const tsconfig = projectOf({
      'index.ts': "export { limit } from './limits';\nexport type { Options } from './options/index';\n",
      'limits.ts': '/** The limit. */\nexport const limit: number = 2 * 60_000;\n',
      'options/index.ts': "import type { Mode } from '../mode';\nexport interface Options { mode: Mode }\n",
      'mode.ts': "export type Mode = 'a' | 'b';\n",
      'runtime-only.ts': 'export const notReached = 2 * 3;\n',
    });
    const { outDir, error } = declare(tsconfig, ['index.ts']);
    expect(error).toBeUndefined();
    expect(readFileSync(join(outDir, 'limits.d.ts'), 'utf8')).toBe(
      '/** The limit. */\nexport declare const limit: number;\n',
    );
    expect(readFileSync(join(outDir, 'mode.d.ts'), 'utf8')).toContain("export type Mode = 'a' | 'b';");
    expect(existsSync(join(outDir, 'options/index.d.ts'))).toBe(true);
    // Not imported by any declaration: an unannotated export there is no concern of the build.
    expect(existsSync(join(outDir, 'runtime-only.d.ts'))).toBe(false);
  });

  it('follows every form of import a declaration can hold: `export * as`, `import()` types, `.js` names', () => {
    const tsconfig = projectOf({
      'index.ts':
        "export * as units from './units';\nexport type Later = import('./later').Later;\nexport { shown } from './shown.js';\n",
      'units.ts': 'export const metre: number = 1;\n',
      'later.ts': 'export type Later = Promise<void>;\n',
      'shown.ts': 'export const shown: boolean = true;\n',
    });
    const { outDir, error } = declare(tsconfig, ['index.ts']);
    expect(error).toBeUndefined();
    for (const file of ['units', 'later', 'shown']) expect(existsSync(join(outDir, `${file}.d.ts`))).toBe(true);
  });

  it('fails a build, naming the file and line, when a reached export has no type it can read', () => {
    const tsconfig = projectOf({
      'index.ts': "export { limit, window } from './limits';\n",
      'limits.ts': 'export const limit: number = 1;\n\nexport const window = 2 * 60_000;\n',
    });
    const { error } = declare(tsconfig, ['index.ts']);
    expect(error).toMatch(
      /cannot be declared file by file \(an export whose type is not written out needs an annotation/,
    );
    expect(error).toMatch(/limits\.ts\(3,14\): error TS9010: Variable must have an explicit type annotation/);
  });

  it('refuses a relative import that is no source file, rather than a bundle that lacks it', () => {
    const tsconfig = projectOf({ 'index.ts': "export type { Gone } from './gone';\n" });
    expect(() => declare(tsconfig, ['index.ts'])).toThrow(/its declarations import \.\/gone, which is not a \.ts file/);
  });
});

// The declarations the .d.ts bundles are made from: each source file the public entries' types
// reach is declared on its own (`ts.transpileDeclaration`, TypeScript's isolatedDeclarations), in
// this process, when the first declaration build starts.
//
// Why not `tsc --emitDeclarationOnly`, which this used to run: tsc builds a program of every source
// and every library's types to infer each export's type, 3.8 s of CPU on the two cores the
// bundling already keeps busy, for the 33 files of 209 that the bundles read; declared file by
// file, those take 0.3 s (docs/performance.md, "Declarations, file by file"). What it asks in
// return: every export of those files has a type TypeScript can read without inferring it, an
// annotation where it is not a literal; the build names the file and line where one is missing.
// The type-check stays `npm run typecheck`'s, part of `npm test`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { specifiers } from './check-imports.mjs';
import { compilerOptionsOf, formatHost, typescriptFileOf } from './transpile-typescript.mjs';

/**
 * The declarations of what `entries` (files under `src/`) reach, written by the first build that
 * needs them into a temporary folder (removed when the process exits), and the plugin that makes
 * a build wait for them.
 * @param {string} tsconfig
 * @param {readonly string[]} entries
 */
export function typeDeclarations(tsconfig, entries) {
  const outDir = mkdtempSync(join(tmpdir(), 'gateway-declarations-'));
  process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
  /** @type {ts.Diagnostic[] | undefined} */
  let diagnostics;
  return {
    /** Where `src/<path>.ts`'s declarations are: `<outDir>/<path>.d.ts`. */
    outDir,
    /** @returns {import('rollup').Plugin} */
    plugin: () => ({
      name: 'type-declarations',
      buildStart() {
        diagnostics ??= declare(tsconfig, entries, outDir);
        if (diagnostics.length > 0)
          this.error(
            `the public types cannot be declared file by file (an export whose type is not written out needs an annotation: see "Declaring the public types" in docs/development.md):\n${ts.formatDiagnostics(diagnostics, formatHost)}`,
          );
      },
    }),
  };
}

/**
 * Declares `entries` and every file their declarations import, each into `outDir`.
 * @returns {ts.Diagnostic[]} what could not be declared without a type-check
 */
function declare(tsconfig, entries, outDir) {
  const compilerOptions = {
    ...compilerOptionsOf(tsconfig),
    declaration: true,
    emitDeclarationOnly: true,
    sourceMap: false,
  };
  const rootDir = resolve(compilerOptions.rootDir ?? 'src');
  const diagnostics = [];
  const seen = new Set();
  const queue = entries.map((entry) => resolve(entry));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const declared = ts.transpileDeclaration(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions,
      reportDiagnostics: true,
    });
    diagnostics.push(...declared.diagnostics);
    const path = relative(rootDir, file);
    if (path.startsWith('..'))
      throw new Error(`${relative('.', file)}: the public types reach a file outside ${rootDir}`);
    const out = join(outDir, path.replace(/\.ts$/, '.d.ts'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, declared.outputText);
    // Our relative imports only (the ones check-imports reads): a package's types are its own.
    for (const specifier of specifiers(declared.outputText)) {
      // `./x.js` names `./x.ts`, as TypeScript resolves it.
      const next = typescriptFileOf(resolve(dirname(file), specifier.replace(/\.js$/, '')));
      if (!next)
        throw new Error(`${relative('.', file)}: its declarations import ${specifier}, which is not a .ts file`);
      queue.push(next);
    }
  }
  return diagnostics;
}

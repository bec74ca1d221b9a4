// Our TypeScript, transpiled for rollup one file at a time (`ts.transpileModule`), when a build
// first reaches it, and once for every build of a run.
//
// Why not @rollup/plugin-typescript, which the project was specified with: the plugin builds one
// TypeScript program of every source before any bundle can start, and a program also parses and
// binds the libraries' types (lib.dom and the rest, more lines than our sources) that transpiling
// never reads: every build waited for it (2.5 s quiet, 14 s on a loaded machine), and a full build
// stayed above the one type-check it must not exceed (docs/performance.md, "The build and npm
// start", figures of both). Transpiling file by file is what the project's tsconfig already
// promises (`isolatedModules`): the JS is the same, byte for byte (the hidden maps now carry their
// sources' text); the type-check is `npm run typecheck`'s, part of `npm test`.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The compiler options of `tsconfig`, as a program made from it would emit JS with them.
 * @param {string} tsconfig
 */
export function compilerOptionsOf(tsconfig) {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`${tsconfig}: not a tsconfig`);
  if (parsed.errors.length > 0)
    throw new Error(parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  return { ...parsed.options, noEmit: false, declaration: false };
}

/**
 * The plugin for the builds of one run: call the returned function once per build, as you would a
 * plugin factory. Relative imports from our sources resolve as TypeScript's `bundler` resolution
 * does (`./x` is `./x.ts` or `./x/index.ts`), before node-resolve, which comes next in every build
 * and resolves the packages (and what this leaves).
 * @param {string} tsconfig
 * @returns {() => import('rollup').Plugin}
 */
export function transpileTypescript(tsconfig) {
  const compilerOptions = compilerOptionsOf(tsconfig);
  /** @type {Map<string, { source: string, code: string, map: string }>} by file */
  const transpiled = new Map();
  /** @type {Map<string, string | null>} by the path an import names */
  const resolved = new Map();
  const fileOf = (base) => {
    if (!resolved.has(base)) resolved.set(base, typescriptFileOf(base) ?? null);
    return resolved.get(base);
  };
  return () => ({
    name: 'transpile-typescript',
    resolveId(source, importer) {
      if (!importer?.endsWith('.ts') || !source.startsWith('.')) return null;
      return fileOf(resolve(dirname(importer), source));
    },
    transform(source, id) {
      if (!id.endsWith('.ts')) return null;
      let output = transpiled.get(id);
      if (output?.source !== source) {
        const { outputText, sourceMapText, diagnostics } = ts.transpileModule(source, {
          fileName: id,
          compilerOptions,
          reportDiagnostics: true,
        });
        // Syntax errors only: transpiling checks no types.
        if (diagnostics?.length) this.error(ts.formatDiagnostics(diagnostics, formatHost));
        output = { source, code: outputText, map: sourceMapText };
        transpiled.set(id, output);
      }
      return { code: output.code, map: output.map };
    },
  });
}

/**
 * The source a relative import names once resolved to `base`, as TypeScript's `bundler` resolution
 * finds it: `base.ts`, else `base/index.ts`; undefined when neither exists.
 * @param {string} base
 */
export function typescriptFileOf(base) {
  return [`${base}.ts`, join(base, 'index.ts')].find((file) => existsSync(file));
}

/** @type {ts.FormatDiagnosticsHost} */
export const formatHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

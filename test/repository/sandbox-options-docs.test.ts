// docs/sandbox.md lists what startSandbox takes and what each CLI flag is: both lists are checked
// against the code (the SandboxOptions type, START_OPTIONS), so an option added there and not here
// fails this test instead of going missing from the page.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { START_OPTIONS } from '../../src/sandbox/sandbox-options';

const page = readFileSync(fileURLToPath(new URL('../../docs/sandbox.md', import.meta.url)), 'utf8');

const source = (path: string) => {
  const file = fileURLToPath(new URL(`../../src/sandbox/${path}`, import.meta.url));
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
};

/** The property names an interface declares, and those of the interfaces it extends (read from their files). */
function propertyNames(path: string, name: string, files: Record<string, string>): string[] {
  const declaration = source(path).statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  );
  if (!declaration) throw new Error(`${name} is not declared in src/sandbox/${path}`);
  const own = declaration.members.flatMap((m) => (m.name && ts.isIdentifier(m.name) ? [m.name.text] : []));
  const inherited = (declaration.heritageClauses ?? [])
    .flatMap((clause) => clause.types)
    .flatMap((type) => {
      const base = type.expression.getText(source(path));
      const file = files[base];
      if (!file) throw new Error(`${name} extends ${base}: say which file declares it`);
      return propertyNames(file, base, files);
    });
  return [...own, ...inherited];
}

/** Every option SandboxOptions declares. */
const sandboxOptionNames = () =>
  propertyNames('sandbox-options.ts', 'SandboxOptions', { ConnectionLimits: 'connections/connection-limits.ts' });

describe('docs/sandbox.md', () => {
  it('names every option of startSandbox, in the sentence that lists them', () => {
    const sentence = /`startSandbox` takes the same settings[\s\S]*?\.\n/.exec(page)?.[0] ?? '';
    const named = new Set([...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]));
    const names = sandboxOptionNames();
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((name) => !named.has(name))).toEqual([]);
  });

  it('has a row for every CLI flag, with its environment variable', () => {
    for (const option of START_OPTIONS) {
      const row = page.split('\n').find((line) => line.startsWith(`| \`--${option.flag}`));
      expect(row, `--${option.flag}`).toBeDefined();
      if (option.env) expect(row, `--${option.flag}`).toContain(`\`${option.env}\``);
    }
  });
});

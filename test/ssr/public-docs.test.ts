import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// What most integrators read is the JSDoc their editor shows from the BUILT declarations: the
// functions they call first carry an @example there, and every example compiles against them.
const root = process.cwd();
const dist = join(root, 'dist');
const DOCUMENTED = [
  ['index.d.ts', 'function setUp'],
  ['index.d.ts', 'function authenticate3DS'],
  ['index.d.ts', 'function encryptCard'],
  ['index.d.cts', 'function setUp'],
  ['index.d.cts', 'function authenticate3DS'],
  ['index.d.cts', 'function encryptCard'],
  ['sandbox/index.d.ts', 'class SandboxDependencyError'],
] as const;

/** The JSDoc block right before `declare <declaration>` in a built declaration file. */
function docOf(file: string, declaration: string): string {
  const text = readFileSync(join(dist, file), 'utf8');
  const at = text.search(new RegExp(`\\n(export )?declare ${declaration}\\b`));
  expect(at, `${declaration} in dist/${file}`).toBeGreaterThan(0);
  const before = text.slice(0, at);
  const start = before.lastIndexOf('/**');
  expect(before.slice(start).trimEnd().endsWith('*/'), `a JSDoc right before ${declaration}`).toBe(true);
  return before.slice(start);
}

/** The code of a JSDoc's ```ts blocks, without the comment's leading ` * `. */
const examplesOf = (doc: string): string[] =>
  [...doc.matchAll(/@example\s*\n\s*\* ```ts\n([\s\S]*?)\n\s*\* ```/g)].map((m) => m[1]!.replace(/^\s*\* ?/gm, ''));

const project = mkdtempSync(join(tmpdir(), 'gateway-examples-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the JSDoc of the first functions an integrator calls', () => {
  it.each(DOCUMENTED)('dist/%s: %s has an @example', (file, declaration) => {
    expect(examplesOf(docOf(file, declaration))).toHaveLength(1);
  });

  it('every example compiles against the built types, as an integrator would paste it', () => {
    const pkg = join(project, 'node_modules', '@gateway', 'sdk');
    mkdirSync(pkg, { recursive: true });
    cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
    cpSync(dist, join(pkg, 'dist'), { recursive: true, filter: (f) => !f.endsWith('.js') && !f.endsWith('.map') });
    // The values an example takes from the integrator's own code.
    const given = 'declare const session: string, encryptedCard: string, publicKey: string;\n';
    const files = DOCUMENTED.filter(([file]) => file.endsWith('.d.ts')).map(([file, declaration], i) => {
      const name = `example-${i}.mts`;
      writeFileSync(join(project, name), `${given}${examplesOf(docOf(file, declaration)).join('\n')}\nexport {};\n`);
      return name;
    });
    const compilerOptions = {
      strict: true,
      noEmit: true,
      module: 'nodenext',
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: [],
      skipLibCheck: true,
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});

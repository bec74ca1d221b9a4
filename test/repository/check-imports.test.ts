import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { boundaryProblems, cycles, specifiers, twoWayFolders } from '../../scripts/check-imports.mjs';

type Graph = Map<string, string[]>;
const graph = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));

describe('scripts/check-imports.mjs', () => {
  it('reads static, type-only, re-exported and dynamic imports', () => {
    const text =
      "import { a } from './a';\nimport type { B } from '../b';\nexport { c } from './c';\nconst d = () => import('./d');\nimport 'node:fs';";
    expect(specifiers(text)).toEqual(['./a', '../b', './c', './d']);
  });

  it('passes core files both sides use, directly or through core', () => {
    const ok = graph({
      'src/sdk/a.ts': ['src/core/x.ts'],
      'src/sandbox/b.ts': ['src/core/y.ts'],
      'src/core/x.ts': ['src/core/y.ts'],
      'src/core/y.ts': ['src/core/x.ts'],
    });
    expect(boundaryProblems(ok)).toEqual([]);
  });

  it('fails core importing a side, the sides importing each other, and a core file one side uses', () => {
    const bad = graph({
      'src/core/x.ts': ['src/sandbox/b.ts'],
      'src/sdk/a.ts': ['src/core/x.ts', 'src/sandbox/b.ts'],
      'src/sandbox/b.ts': ['src/core/x.ts', 'src/core/only-sandbox.ts'],
      'src/core/only-sandbox.ts': [],
    });
    const problems = boundaryProblems(bad).join('\n');
    expect(problems).toContain('src/core/x.ts imports src/sandbox/b.ts');
    expect(problems).toContain('src/sdk/a.ts imports src/sandbox/b.ts');
    expect(problems).toContain('src/core/only-sandbox.ts is in core but used by sandbox');
  });

  it('fails storage importing a sandbox domain, and lists folders that import each other', () => {
    const edges = graph({
      'src/sandbox/storage/migrations.ts': ['src/sandbox/storage/database.ts'],
      'src/sandbox/storage/database.ts': ['src/sandbox/orders/order-store.ts'],
      'src/sandbox/orders/order-store.ts': ['src/sandbox/storage/database.ts', 'src/sandbox/clock.ts'],
      'src/sandbox/clock.ts': ['src/sandbox/orders/order-store.ts'],
    });
    expect(boundaryProblems(edges)).toEqual([
      'src/sandbox/storage/database.ts imports src/sandbox/orders/order-store.ts: src/sandbox/storage/ imports nothing of the sandbox outside itself',
    ]);
    expect(twoWayFolders(edges)).toEqual([
      {
        pair: 'orders <-> storage',
        imports: [
          'src/sandbox/orders/order-store.ts -> src/sandbox/storage/database.ts',
          'src/sandbox/storage/database.ts -> src/sandbox/orders/order-store.ts',
        ],
      },
    ]);
  });

  it('finds import circles, type-only ones included', () => {
    expect(cycles(graph({ 'src/a.ts': ['src/b.ts'], 'src/b.ts': ['src/c.ts'], 'src/c.ts': [] }))).toEqual([]);
    expect(cycles(graph({ 'src/a.ts': ['src/b.ts'], 'src/b.ts': ['src/c.ts'], 'src/c.ts': ['src/a.ts'] }))).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts'],
    ]);
  });
});

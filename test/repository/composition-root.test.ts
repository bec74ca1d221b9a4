import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md#the-composition-root: startSandbox is the one composition root. Every store and service is built
// once, in src/sandbox/services.ts (or server.ts, for what exists before the servers listen), and
// handed to the route modules; a module that builds its own store prepares a second set of
// statements and holds state no other part of the sandbox sees.
const root = 'src/sandbox';
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const builders = new Set([join(root, 'services.ts'), join(root, 'server.ts')]);
const built = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\bnew ([A-Z]\w*)\(/g)].map((m) => m[1]!);
const services = new Set(
  [...builders]
    .flatMap(built)
    .filter((name) =>
      /(Store|Vault|Resolver|Engine|Attempts|Processor|Events|Outbox|Dispatcher|Changes|Payments)$/.test(name),
    ),
);

describe('the composition root', () => {
  it('knows the services it builds', () => {
    expect([...services]).toEqual(
      expect.arrayContaining([
        'AuthenticationStore',
        'PublicKeyStore',
        'CardVault',
        'SessionStore',
        'CardResolver',
        'ChargeProcessor',
        'ChargeChanges',
        'QrCodePayments',
      ]),
    );
  });

  it('is the only place that builds a store or service', () => {
    const elsewhere = files(root)
      .filter((f) => !builders.has(f))
      .flatMap((f) =>
        built(f)
          .filter((name) => services.has(name))
          .map((name) => `${f}: new ${name}`),
      );
    expect(elsewhere).toEqual([]);
  });

  it('leaves no database handle to route modules', () => {
    const routes = files(root).filter((f) => /\/(routes|challenge)\//.test(f) || f.endsWith('/app.ts'));
    expect(routes.filter((f) => /\bdeps\.db\b/.test(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('leaves no state at module level: what changes belongs to a sandbox instance', () => {
    // Two sandboxes in one process (every test file starts several) must not share a memo or a
    // cache: a module-level `let`, or a Map or Set a module fills, is seen by all of them. A table
    // built once and never written is declared Readonly; a WeakMap is a side table of the objects
    // it is keyed by, which no other sandbox holds.
    const found = files(root).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /^(export )?(let|var) /.test(line) || /^(export )?const \w+ = new (Map|Set)\b/.test(line)
            ? [`${f}:${i + 1}: ${line}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

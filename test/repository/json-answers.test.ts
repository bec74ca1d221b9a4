import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The request log keeps the JSON text a route answered as the route serialised it
// (docs/console.md#request-log): every JSON answer of the sandbox goes through http/json-answer.ts,
// which leaves that text on the context. An answer made with hono's own `c.json` would reach the
// client but be missing from the log, so none is left.
const root = 'src/sandbox';
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('JSON answers', () => {
  it('are all made through http/json-answer.ts', () => {
    const direct = files(root)
      .filter((file) => file !== join(root, 'http', 'json-answer.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\bc\.json\(/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(direct).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

// Biome wraps code at 120 columns but never breaks a string, template or comment, so long ones
// survive formatting: this keeps every line of src/ readable without scrolling (docs/architecture.md#the-checks).
const MAX = 160;
const root = join(import.meta.dirname, '../..');

it(`no line in src/ is longer than ${MAX} characters`, () => {
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const long = files.flatMap((file) =>
    readFileSync(join(root, 'src', file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.length > MAX ? [`src/${file}:${i + 1} (${line.length})`] : [])),
  );
  expect(long).toEqual([]);
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

// docs/architecture.md says where code goes: a folder of src/ it does not name is a part nobody
// can find from there. A folder counts as named as `src/<path>/` or, inside its part's table, as
// `<path under the part>/` (`card-fields/`, `card-fields/frame/`, `storage/`).
const root = join(import.meta.dirname, '../..');
const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const folders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [join(dir, e.name), ...folders(join(dir, e.name))]);

it('docs/architecture.md names every folder of src/', () => {
  const unnamed = folders(join(root, 'src')).filter((dir) => {
    const path = relative(join(root, 'src'), dir).split('\\').join('/');
    const [, ...inPart] = path.split('/');
    const names = [`\`src/${path}/\``, ...inPart.map((_, i) => `\`${inPart.slice(i).join('/')}/\``)];
    return !names.some((name) => page.includes(name));
  });
  expect(unnamed).toEqual([]);
});

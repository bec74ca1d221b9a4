// The integration guide's code blocks are quoted from examples/minimal, whose e2e spec runs them.
// A block is a marker line `<!-- guide: <file>#<region> -->` followed by a fenced block; the
// region is the lines between `#region guide:<region>` and `#endregion` in that file.
//
//   node scripts/guide-regions.mjs          rewrites the blocks of README.md and docs/guide.md
//   (test/repository/guide.test.ts fails while a block and its region differ)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url).href);
/** The Markdown files that quote the example. */
export const GUIDE_FILES = ['README.md', 'docs/guide.md'];

const MARKER = /^<!-- guide: (\S+)#([\w-]+) -->$/;

/** Every `guide:` region of a file, by name, dedented. */
export function regionsOf(text) {
  const regions = new Map();
  let name;
  let lines = [];
  for (const line of text.split('\n')) {
    const start = /#region guide:([\w-]+)/.exec(line);
    if (start) {
      if (name) throw new Error(`region ${name} is not closed before ${start[1]}`);
      [name, lines] = [start[1], []];
    } else if (name && line.includes('#endregion')) {
      if (regions.has(name)) throw new Error(`region ${name} appears twice`);
      regions.set(name, dedent(lines));
      name = undefined;
    } else if (name) lines.push(line);
  }
  if (name) throw new Error(`region ${name} is not closed`);
  return regions;
}

function dedent(lines) {
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)[0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** The quoted blocks of a Markdown text: { file, region, code, line } (line is the marker's, 1-based). */
export function blocksOf(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  lines.forEach((line, i) => {
    const marker = MARKER.exec(line);
    if (!marker) return;
    if (!/^```\w*$/.test(lines[i + 1] ?? ''))
      throw new Error(`line ${i + 1}: a guide marker must be followed by a code block`);
    const end = lines.findIndex((l, j) => j > i + 1 && l === '```');
    blocks.push({ file: marker[1], region: marker[2], code: lines.slice(i + 2, end).join('\n'), line: i + 1 });
  });
  return blocks;
}

/** The region a block quotes, read from the repository. */
export function regionFor(file, region) {
  const code = regionsOf(readFileSync(join(ROOT, file), 'utf8')).get(region);
  if (code === undefined) throw new Error(`${file} has no region guide:${region}`);
  return code;
}

/** The Markdown with every quoted block replaced by its region as it is now. */
export function synced(markdown) {
  const lines = markdown.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    const marker = MARKER.exec(lines[i]);
    if (!marker) continue;
    const fence = /^```\w*$/.test(lines[i + 1] ?? '');
    let end = i;
    if (fence) end = lines.findIndex((l, j) => j > i + 1 && l === '```');
    const code = regionFor(marker[1], marker[2]);
    // An HTML file's script regions are JavaScript.
    out.push(code.startsWith('<') ? '```html' : '```js', code, '```');
    i = end;
  }
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of GUIDE_FILES) {
    const path = join(ROOT, file);
    const before = readFileSync(path, 'utf8');
    const after = synced(before);
    if (after !== before) writeFileSync(path, after);
    console.log(`${file}: ${blocksOf(after).length} blocks ${after === before ? 'already in sync' : 'rewritten'}`);
  }
}

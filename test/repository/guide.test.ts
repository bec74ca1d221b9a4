// The integration guide quotes examples/minimal, which test/e2e/examples-minimal.spec.ts runs:
// a guide block that drifts from its region is code nobody ran. `node scripts/guide-regions.mjs`
// rewrites the blocks from the files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  GUIDE_FILES,
  regionFor,
  regionsOf,
  ROOT,
  synced,
  type GuideBlock,
} from '../../scripts/guide-regions.mjs';

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const guideBlocks = (file: string): GuideBlock[] => blocksOf(read(file));

describe('the integration guide', () => {
  for (const file of GUIDE_FILES) {
    it(`${file}: every quoted block is its region of examples/minimal, as it is now`, () => {
      const blocks = guideBlocks(file);
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) {
        expect
          .soft(block.code, `${file}:${block.line} quotes ${block.file}#${block.region}`)
          .toBe(regionFor(block.file, block.region));
      }
    });
  }

  it('README.md: every code block of the integration section is a quoted region (none copied by hand)', () => {
    const readme = read('README.md');
    const start = readme.indexOf('\n## Integration in 10 minutes\n');
    const end = readme.indexOf('\n## ', start + 1);
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, end).split('\n');
    const fences = section.flatMap((line, i) => (/^```\w+$/.test(line) ? [i] : []));
    // The shell lines that start the example are the one block that is not code of the example.
    const unquoted = fences.filter((i) => !/^<!-- guide: /.test(section[i - 1] ?? '') && section[i] !== '```sh');
    expect(unquoted.map((i) => section[i + 1])).toEqual([]);
  });

  it('README.md starts the example with one fixed token in both terminals (nothing to copy between them)', () => {
    const readme = read('README.md');
    const start = readme.indexOf('\n## Integration in 10 minutes\n');
    const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start))?.[1] ?? '';
    const given = /npm run sandbox -- --token (\S+)/.exec(block)?.[1];
    const used = /GATEWAY_TOKEN=(\S+) node examples\/minimal\/server\.mjs/.exec(block)?.[1];
    expect(given).toMatch(/^sbx_\w+$/);
    expect(used).toBe(given);
  });

  it('every guide region of examples/minimal is quoted somewhere', () => {
    const quoted = new Set(GUIDE_FILES.flatMap((f) => guideBlocks(f).map((b) => `${b.file}#${b.region}`)));
    for (const file of ['examples/minimal/server.mjs', 'examples/minimal/index.html']) {
      for (const region of regionsOf(read(file)).keys()) expect(quoted).toContain(`${file}#${region}`);
    }
  });

  it('a block that differs from its region is found, and synced() puts the region back', () => {
    const region = regionFor('examples/minimal/server.mjs', 'server-checkout');
    const drifted = `<!-- guide: examples/minimal/server.mjs#server-checkout -->\n\`\`\`js\n${region.replace('CART.total', '13480')}\n\`\`\`\n`;
    expect(blocksOf(drifted)[0]?.code).not.toBe(region);
    expect(blocksOf(synced(drifted))[0]?.code).toBe(region);
  });

  it('regions are dedented, closed and unique', () => {
    expect(regionsOf('  // #region guide:a\n    x();\n    y();\n  // #endregion\n').get('a')).toBe('x();\ny();');
    expect(() => regionsOf('// #region guide:a\nx();\n')).toThrow('region a is not closed');
    expect(() => regionsOf('// #region guide:a\n// #endregion\n// #region guide:a\n// #endregion\n')).toThrow('twice');
  });
});

// docs/sandbox.md's table of flags is read by people without the CLI at hand: every option of the
// table the CLI and startSandbox share (src/sandbox/sandbox-options.ts) has its row, with its variable.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { START_OPTIONS } from '../../src/sandbox/sandbox-options';

const rows = readFileSync('docs/sandbox.md', 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('| `--'));

describe('docs/sandbox.md', () => {
  it.each(START_OPTIONS.map((o) => [o.flag, o] as const))('lists --%s with its argument and variable', (_, option) => {
    const flag = `--${option.flag}${option.arg ? ` ${option.arg.replace('|', '\\|')}` : ''}`;
    const row = rows.find((line) => line.startsWith(`| \`${flag}\``));
    expect(row, flag).toBeDefined();
    expect(row).toContain(option.env ? `| \`${option.env}\` |` : '| |');
  });

  it('lists no flag the CLI does not have', () => {
    expect(rows).toHaveLength(START_OPTIONS.length);
  });
});

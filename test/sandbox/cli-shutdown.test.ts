import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawClient } from './support/raw-socket';

// The built CLI, as `npm run sandbox` and the package's bin run it (npm test builds first).
const CLI = fileURLToPath(new URL('../../dist/sandbox/cli.js', import.meta.url));

describe('the CLI on SIGTERM', () => {
  it('exits at once though a client holds a connection open without sending a byte', async () => {
    // A grace longer than the test's time limit: only closing idle sockets at once lets it exit in time.
    const child = spawn(
      process.execPath,
      [CLI, '--port', '0', '--challenge-port', '0', '--shutdown-grace', '600000', '--quiet'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const apiUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: string) => {
        out += d;
        const m = /API:\s+(http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error(`the CLI exited early: ${out}`)));
    });
    const silent = await rawClient(apiUrl);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await silent.closed).toBe('');
    expect(out).toContain('sandbox: SIGTERM, closing');
  });
});

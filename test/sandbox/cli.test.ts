// The built CLI (dist/sandbox/cli.js), run as integrators run it. Needs a build first, like the
// ssr project: `npm test` builds before any suite.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/index';
import { advanceClock, sandboxTime } from '../../src/testing/sandbox-time';

const CLI = 'dist/sandbox/cli.js';
const cleanEnv = () => {
  const env = { ...process.env };
  // npm sets this for `npm run`; the CLI names itself from it.
  delete env.npm_lifecycle_event;
  return env;
};

/** Starts the CLI and resolves with its output once it says it is ready (then stops it). */
function startAndStop(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.includes('Press Ctrl+C')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('exit', (code) => resolve({ stdout, stderr, code }));
  });
}

describe('gateway-sandbox CLI', () => {
  it('--strict, or GATEWAY_SANDBOX_STRICT=1, refuses an unknown field with 40003; without, it is ignored and named', async () => {
    /** Starts the CLI, sends POST /public-keys with a field the API does not know, and stops it. */
    const unknownField = (args: string[], env: NodeJS.ProcessEnv) =>
      new Promise<{ status: number; ignored: string | null; banner: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, '--port', '0', '--challenge-port', '0', '--quiet', ...args], {
          env,
        });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk;
          if (!stdout.includes('Press Ctrl+C')) return;
          const api = /API: +(\S+)/.exec(stdout)![1];
          const token = /Bearer token: +(\S+)/.exec(stdout)![1];
          fetch(`${api}/public-keys`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: '{"type":"card","size":4096}',
          })
            .then((res) =>
              resolve({ status: res.status, ignored: res.headers.get('x-gateway-ignored-fields'), banner: stdout }),
            )
            .catch(reject)
            .finally(() => child.kill('SIGTERM'));
        });
      });
    const tolerant = await unknownField([], cleanEnv());
    expect(tolerant).toMatchObject({ status: 200, ignored: 'size' });
    expect(tolerant.banner).toMatch(/Unknown fields: +ignored and named in x-gateway-ignored-fields/);
    const flag = await unknownField(['--strict'], cleanEnv());
    expect(flag).toMatchObject({ status: 400, ignored: null });
    expect(flag.banner).toMatch(/Unknown fields: +refused with 40003/);
    expect(await unknownField([], { ...cleanEnv(), GATEWAY_SANDBOX_STRICT: '1' })).toMatchObject({ status: 400 });
    expect(await unknownField([], { ...cleanEnv(), GATEWAY_SANDBOX_STRICT: '0' })).toMatchObject({ status: 200 });
  });

  it('names itself gateway-sandbox when run as the bin, npm run sandbox only under npm', () => {
    const bin = spawnSync(process.execPath, [CLI, '--help'], { env: cleanEnv(), encoding: 'utf8' });
    expect(bin.status).toBe(0);
    expect(bin.stdout).toMatch(/^Usage: gateway-sandbox \[options\]/);
    const npm = spawnSync(process.execPath, [CLI, '--help'], {
      env: { ...cleanEnv(), npm_lifecycle_event: 'sandbox' },
      encoding: 'utf8',
    });
    expect(npm.stdout).toMatch(/^Usage: npm run sandbox -- \[options\]/);
  });

  it('takes an empty environment variable as unset, not as a value', async () => {
    const env = {
      ...cleanEnv(),
      GATEWAY_SANDBOX_MAX_BODY: '',
      GATEWAY_SANDBOX_TOKEN: '',
      GATEWAY_SANDBOX_HOST: '',
      GATEWAY_SANDBOX_DATA: '',
    };
    const run = await startAndStop(['--port', '0', '--challenge-port', '0', '--quiet'], env);
    expect(run.stderr).not.toContain('must be');
    expect(run.stdout).toMatch(/API: +http:\/\/127\.0\.0\.1:\d+/);
    expect(run.stdout).toMatch(/Bearer token: +\S{16,}/);
    expect(run.stdout).toMatch(/Storage: +in memory/);
    expect(run.stdout).toMatch(/Console: +http:\/\/127\.0\.0\.1:\d+\/console\n/);
  });

  it("has its clock moved over HTTP by the testing kit's advanceClock, as any sandbox a test reaches", async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0', '--challenge-port', '0', '--quiet'], {
      env: cleanEnv(),
    });
    try {
      let stdout = '';
      await new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk;
          if (stdout.includes('Press Ctrl+C')) resolve();
        }),
      );
      const target = {
        apiUrl: /API: +(\S+)/.exec(stdout)![1]!,
        token: /Bearer token: +(\S+)/.exec(stdout)![1]!,
      };
      const before = await sandboxTime(target);
      const after = await advanceClock(target, 86_400);
      expect(after.getTime() - before.getTime()).toBeGreaterThanOrEqual(86_400_000);
      expect((await sandboxTime(target)).getTime()).toBeGreaterThanOrEqual(after.getTime());
      await expect(advanceClock(target, 0)).rejects.toThrow(/advanceClock: 400 .*seconds/);
      await expect(advanceClock({ ...target, token: 'sbx_wrong' }, 60)).rejects.toThrow(/advanceClock: 401/);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('shows the data limit on start, and refuses one too small, or too large for memory, naming the flag', async () => {
    const quiet = ['--port', '0', '--challenge-port', '0', '--quiet'];
    expect((await startAndStop(quiet, cleanEnv())).stdout).toMatch(/Storage: +in memory, up to 1024 MiB\n/);
    const limited = await startAndStop(quiet, { ...cleanEnv(), GATEWAY_SANDBOX_MAX_DATA: String(3 * 1024 ** 2) });
    expect(limited.stdout).toMatch(/Storage: +in memory, up to 3 MiB\n/);
    // An empty --data is no file, for the limit's checks and the banner as for startSandbox.
    const empty = await startAndStop([...quiet, '--data', ''], cleanEnv());
    expect(empty.stdout).toMatch(/Storage: +in memory, up to 1024 MiB\n/);

    const small = spawnSync(process.execPath, [CLI, '--max-data', '1000'], { env: cleanEnv(), encoding: 'utf8' });
    expect(small.status).toBe(2);
    expect(small.stderr).toMatch(/^sandbox: --max-data must be a whole number of at least 1048576, got "1000"/);
    const large = spawnSync(process.execPath, [CLI, '--max-data', String(2 * 1024 ** 3)], {
      env: cleanEnv(),
      encoding: 'utf8',
    });
    expect(large.status).toBe(2);
    expect(large.stderr).toMatch(
      /^sandbox: --max-data must be at most 1073741824 in memory \(a data file may hold more\), got "2147483648"/,
    );
  });

  // One table of options (src/sandbox/sandbox-options.ts) checks both ways to start a sandbox.
  it.each([
    [['--port', '70000'], { port: 70_000 }, 'must be a port number from 0 to 65535, got'],
    [['--max-body', '100'], { maxBodyBytes: 100 }, 'must be a whole number of at least 1024, got'],
    [['--shutdown-grace', '1.5'], { shutdownGraceMs: 1.5 }, 'must be a whole number of at least 0, got'],
    [['--max-connections', '0'], { maxConnections: 0 }, 'must be a whole number of at least 1, got'],
    [['--log-format', 'xml'], { logFormat: 'xml' }, 'must be text or json, got'],
    [['--webhook-secret', 'whsec_short'], { webhookSecret: 'whsec_short' }, 'must be at least 16 characters'],
  ] as const)(
    'the CLI (%j) and startSandbox refuse the same value in the same words',
    async (args, options, problem) => {
      const cli = spawnSync(process.execPath, [CLI, ...args], { env: cleanEnv(), encoding: 'utf8' });
      expect(cli.status).toBe(2);
      expect(cli.stderr).toContain(`sandbox: ${args[0]} ${problem}`);
      const [key] = Object.keys(options);
      await expect(startSandbox(options as SandboxOptions)).rejects.toThrow(`startSandbox: ${key} ${problem}`);
    },
  );

  it('refuses a data file already past --max-data in one line, naming the flag', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-cli-limit-'));
    try {
      const file = join(dir, 'sandbox.db');
      const db = new Database(file);
      db.exec('CREATE TABLE filler (b BLOB)');
      db.prepare('INSERT INTO filler VALUES (zeroblob(?))').run(3 * 1024 ** 2);
      db.close();
      const run = spawnSync(process.execPath, [CLI, '--data', file, '--max-data', String(1024 ** 2)], {
        env: cleanEnv(),
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      // One line, no stack trace: the operator's mistake, in the flag's words.
      const said =
        /^sandbox: the data file (.+) already holds (\d+) bytes, more than --max-data 1048576: nothing could be written to it\. Give a larger --max-data, or another --data file\.\n$/.exec(
          run.stderr,
        );
      expect(said?.[1]).toBe(file);
      expect(Number(said?.[2])).toBeGreaterThan(3 * 1024 ** 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The built CLI (dist/sandbox/cli.js), run as integrators run it. Needs a build first, like the
// ssr project: `npm test` builds before any suite.
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

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
  });
});

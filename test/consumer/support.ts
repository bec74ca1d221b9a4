// Helpers of the consumer suite: run commands in the temporary projects, start the installed CLI.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

export const root = () => inject('consumerRoot');
/** The project with only the SDK installed (no native module). */
export const app = () => join(root(), 'project');
/** The project that also followed the README's sandbox install line. */
export const appWithSandbox = () => join(root(), 'project-sandbox');

const env = () => {
  const e = { ...process.env };
  delete e.npm_lifecycle_event;
  delete e.NODE_OPTIONS;
  return e;
};

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** npm's own warnings about the machine's npm config (npx prints them): not the package's output. */
const withoutNpmWarnings = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'))
    .join('\n');

export function run(cmd: string, args: string[], cwd: string): Run {
  const r = spawnSync(cmd, args, { cwd, env: env(), encoding: 'utf8' });
  return { status: r.status, stdout: withoutNpmWarnings(r.stdout), stderr: withoutNpmWarnings(r.stderr) };
}

/** Runs a Node script written into the project (as .mjs or .cjs). */
export function node(cwd: string, code: string, ext: 'mjs' | 'cjs' | 'js' = 'mjs'): Run {
  return run(process.execPath, [`--input-type=${ext === 'cjs' ? 'commonjs' : 'module'}`, '-e', code], cwd);
}

export interface RunningSandbox {
  apiUrl: string;
  challengeUrl: string;
  token: string;
  stop: () => Promise<void>;
}

/** `npx gateway-sandbox` on free ports, as the README tells integrators; resolves once it is ready. */
export function startCli(cwd: string): Promise<RunningSandbox> {
  return new Promise((resolve, reject) => {
    // Its own process group: npx exits on SIGTERM without passing it on, so stop() signals the
    // whole group, or the sandbox npx started would outlive the test.
    const child = spawn('npx', ['gateway-sandbox', '--port', '0', '--challenge-port', '0', '--quiet'], {
      cwd,
      env: env(),
      detached: true,
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.on('exit', (code) => reject(new Error(`gateway-sandbox exited ${code}: ${err}`)));
    child.stdout.on('data', (c: Buffer) => {
      out += c;
      if (!out.includes('Press Ctrl+C')) return;
      const field = (name: string) => new RegExp(`${name}: +(\\S+)`).exec(out)![1]!;
      child.removeAllListeners('exit');
      resolve({
        apiUrl: field('API'),
        challengeUrl: field('Challenge'),
        token: field('Bearer token'),
        stop: async () => {
          const group = -child.pid!;
          process.kill(group, 'SIGTERM');
          // Done when no process of the group is left (kill(…, 0) throws ESRCH then).
          for (let i = 0; i < 100; i++) {
            try {
              process.kill(group, 0);
            } catch {
              return;
            }
            await new Promise((wait) => setTimeout(wait, 50));
          }
          throw new Error('gateway-sandbox was still running 5 s after SIGTERM');
        },
      });
    });
  });
}

/** A new SDK session from the sandbox, as the merchant's server gets one. */
export async function newSession(sandbox: { apiUrl: string; token: string }): Promise<string> {
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}` },
  });
  if (!res.ok) throw new Error(`session: ${res.status}`);
  return ((await res.json()) as { session: string }).session;
}

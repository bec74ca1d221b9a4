import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it as base } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index';
import { createSession } from './sdk-client';

/**
 * The file's sandbox settings: startSandbox's options, but `dataFile: true` for a data file in a
 * temporary directory (removed after the file) instead of a path. The log always goes to `logs`,
 * and to `log` as well when one is given.
 */
export type TestSandboxOptions = Omit<SandboxOptions, 'dataFile' | 'log'> & {
  dataFile?: boolean;
  log?: (line: string) => void;
};

/**
 * `it` with the sandbox fixtures. `sandbox` is one sandbox for the whole file, started for the first
 * test that asks for it and closed after the file's last; a file sets its options once at the top
 * with `it.override('sandboxOptions', { … })`. `startSandbox` starts more sandboxes in one test
 * (other options, a restart), each closed when the test ends; a restart test of a file whose own
 * sandbox is in memory may keep its data at `dataFile`.
 */
export const it = base
  .extend('sandboxOptions', { scope: 'file' }, {} as TestSandboxOptions)
  /** Every line the file's sandbox logged. */
  .extend('logs', { scope: 'file' }, () => [] as string[])
  /** Where the file's sandbox keeps its data when `sandboxOptions.dataFile` is set (a temporary directory, removed after the file). */
  .extend('dataFile', { scope: 'file' }, ({}, { onCleanup }) => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-sandbox-test-'));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'sandbox.db');
  })
  .extend('sandbox', { scope: 'file' }, async ({ sandboxOptions, logs, dataFile }, { onCleanup }) => {
    const sandbox = await startSandbox({
      ...sandboxOptions,
      dataFile: sandboxOptions.dataFile ? dataFile : undefined,
      log: (line) => {
        logs.push(line);
        sandboxOptions.log?.(line);
      },
    });
    onCleanup(() => sandbox.close());
    return sandbox;
  })
  /** An SDK session on the file's sandbox, as the merchant's server creates one for its checkout page. */
  .extend('session', { scope: 'file' }, ({ sandbox }) => createSession(sandbox))
  .extend('startSandbox', ({}, { onCleanup }) => {
    const started: Sandbox[] = [];
    onCleanup(() => Promise.all(started.map((s) => s.close())).then(() => undefined));
    return async (options: SandboxOptions = {}): Promise<Sandbox> => {
      const sandbox = await startSandbox(options);
      started.push(sandbox);
      return sandbox;
    };
  });

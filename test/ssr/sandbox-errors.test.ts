import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

// The built @gateway/sdk/sandbox: what startSandbox rejects with is exported, so a caller tells the
// failures apart with instanceof (docs/install.md, docs/sandbox-operations.md), not by comparing codes.
type SandboxModule = typeof import('../../src/sandbox/index');
const sandboxEntry = async (): Promise<SandboxModule> =>
  (await import(pathToFileURL(join(process.cwd(), 'dist/sandbox/index.js')).href)) as SandboxModule;

const dir = mkdtempSync(join(tmpdir(), 'gateway-sandbox-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A data file made by `fill`, outside any sandbox. */
function dataFile(name: string, fill: (db: Database.Database) => void): string {
  const file = join(dir, name);
  const db = new Database(file);
  fill(db);
  db.close();
  return file;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the errors of @gateway/sdk/sandbox', () => {
  it('a data file over maxDataBytes rejects with the exported DataFileOverLimitError', async () => {
    const { DataFileOverLimitError, startSandbox } = await sandboxEntry();
    const file = dataFile('full.db', (db) => {
      db.exec('CREATE TABLE filler (b BLOB)');
      db.prepare('INSERT INTO filler VALUES (zeroblob(?))').run(2 * 1024 ** 2);
    });
    const error = await rejection(startSandbox({ dataFile: file, maxDataBytes: 1024 ** 2 }));
    expect(error).toBeInstanceOf(DataFileOverLimitError);
    expect(error).toMatchObject({ code: 'GATEWAY_DATA_FILE_OVER_LIMIT', file, limit: 1024 ** 2 });
  });

  it('a data file from a newer sandbox rejects with the exported DataFileVersionError', async () => {
    const { DataFileVersionError, startSandbox } = await sandboxEntry();
    const file = dataFile('newer.db', (db) => db.pragma('user_version = 9999'));
    const error = await rejection(startSandbox({ dataFile: file }));
    expect(error).toBeInstanceOf(DataFileVersionError);
    expect(error).toMatchObject({ code: 'GATEWAY_DATA_FILE_VERSION' });
  });

  it('require() gets the same classes, and startSandbox through it rejects with them', () => {
    // In a Node of its own: vitest runs imported files through its own module loader, not Node's.
    const file = dataFile('newer-cjs.db', (db) => db.pragma('user_version = 9999'));
    const script = `
      const cjs = require('./dist/sandbox/index.cjs');
      import('./dist/sandbox/index.js').then(async (esm) => {
        const names = ['SandboxDependencyError', 'DataFileOverLimitError', 'DataFileVersionError'];
        const same = names.filter((name) => typeof cjs[name] === 'function' && cjs[name] === esm[name]);
        const error = await cjs.startSandbox({ dataFile: ${JSON.stringify(file)} }).catch((e) => e);
        console.log(JSON.stringify({ same, isVersionError: error instanceof cjs.DataFileVersionError }));
      });`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      same: ['SandboxDependencyError', 'DataFileOverLimitError', 'DataFileVersionError'],
      isVersionError: true,
    });
  });

  it('SandboxDependencyError is exported: an Error with its code and the install line', async () => {
    const { SandboxDependencyError } = await sandboxEntry();
    const error = new SandboxDependencyError(new Error("Cannot find module 'better-sqlite3'"));
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('GATEWAY_SANDBOX_NEEDS_SQLITE');
    expect(error.message).toContain('npm install --save-dev better-sqlite3@12');
  });
});

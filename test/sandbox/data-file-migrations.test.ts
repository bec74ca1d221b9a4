import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import { migrate, schemaVersion, type Migration } from '../../src/sandbox/storage/migrations';
import { DataFileVersionError } from '../../src/sandbox/storage/start-errors';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { api } from './support/payments';

const LATEST = SCHEMA_MIGRATIONS.length;
const V0_SQL = readFileSync(new URL('./fixtures/data-file-v0.sql', import.meta.url), 'utf8');
const V0_ORDER = 'ORDE_cf855e81-0379-4979-bc1b-3312c91d8e92';

describe('data file migrations', () => {
  const dirs: string[] = [];
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-migrations-'));
    dirs.push(dir);
    return join(dir, 'sandbox.db');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('opens a file of the first release (no schema version) and upgrades it, its data kept', async () => {
    const dataFile = fileIn();
    const old = new Database(dataFile);
    old.exec(V0_SQL);
    expect(schemaVersion(old)).toBe(0);
    old.close();

    const sandbox = await startSandbox({ dataFile, token: 'sbx_fixture_v0_token' });
    try {
      const order = await api(sandbox, 'GET', `/orders/${V0_ORDER}`);
      expect(order.status).toBe(200);
      expect(order.body.reference_id).toBe('fixture-v0');
      expect(sandbox.webhookSecret).toBe('whsec_fixture_v0_secret_0001');
    } finally {
      await sandbox.close();
    }
    const upgraded = new Database(dataFile, { readonly: true });
    expect(schemaVersion(upgraded)).toBe(LATEST);
    // Tables of later steps were added to it.
    for (const table of ['webhook_outbox', 'challenge_codes'])
      expect(upgraded.prepare('SELECT count(*) AS n FROM sqlite_master WHERE name = ?').get(table)).toEqual({ n: 1 });
    upgraded.close();
  });

  it('gives a new file the newest version', async () => {
    const dataFile = fileIn();
    await (await startSandbox({ dataFile })).close();
    const db = new Database(dataFile, { readonly: true });
    expect(schemaVersion(db)).toBe(LATEST);
    db.close();
  });

  it('refuses a file from a newer sandbox with one clear message and leaves it untouched', async () => {
    const dataFile = fileIn();
    const newer = new Database(dataFile);
    newer.pragma(`user_version = ${LATEST + 1}`);
    newer.exec('CREATE TABLE from_the_future (x)');
    newer.close();
    const error = await startSandbox({ dataFile }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataFileVersionError);
    expect((error as Error).message).toBe(
      `The data file has schema version ${LATEST + 1}, newer than this sandbox knows (${LATEST}): it was written by a newer sandbox. Update this one, or start with another --data file.`,
    );
    const db = new Database(dataFile, { readonly: true });
    expect(schemaVersion(db)).toBe(LATEST + 1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'merchants'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('a step that fails leaves the file at the last finished step', () => {
    const db = new Database(':memory:');
    const steps: Migration[] = [
      { version: 1, name: 'a', up: (d) => d.exec('CREATE TABLE a (x)') },
      {
        version: 2,
        name: 'b',
        up: (d) => {
          d.exec('CREATE TABLE b (x)');
          throw new Error('disk full');
        },
      },
    ];
    expect(() => migrate(db, steps)).toThrow('disk full');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()).toEqual([
      { name: 'a' },
    ]);
    db.close();
  });
});

import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';

// The sandbox keeps the merchant accounts and sessions it has read (docs/performance.md): a
// change must still apply from the next request on, whether this sandbox made it or another
// process wrote the data file.
let dir: string;
let sandbox: Sandbox;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-credentials-'));
  file = join(dir, 'sandbox.db');
  sandbox = await startSandbox({ dataFile: file });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const settings = async (token = sandbox.token) => {
  const res = await fetch(`${sandbox.apiUrl}/sandbox/merchant/settings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { pci_homologated?: boolean } };
};

describe('merchant accounts read once, changed later', () => {
  it('a setting changed by this sandbox applies to the next request', async () => {
    expect((await settings()).body.pci_homologated).toBe(true);
    sandbox.configureMerchant({ pciHomologated: false });
    expect((await settings()).body.pci_homologated).toBe(false);
    sandbox.configureMerchant({ pciHomologated: true });
    expect((await settings()).body.pci_homologated).toBe(true);
  });

  it('a rotated webhook secret is the one read next', async () => {
    const before = sandbox.webhookSecret;
    const res = await fetch(`${sandbox.apiUrl}/sandbox/merchant/webhook-secret/rotate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.token}` },
    });
    expect(res.status).toBe(200);
    expect(sandbox.webhookSecret).not.toBe(before);
    expect(sandbox.webhookSecret).toMatch(/^whsec_/);
  });

  it('a setting or token another process writes to the data file applies to the next request', async () => {
    expect((await settings()).body.pci_homologated).toBe(true);
    const other = new Database(file);
    try {
      other.prepare("UPDATE merchants SET pci_homologated = 0 WHERE id = 'MERC_sandbox'").run();
      expect((await settings()).body.pci_homologated).toBe(false);
      const token = 'sbx_changed_elsewhere_0123456789';
      other
        .prepare("UPDATE merchants SET token_hash = ?, pci_homologated = 1 WHERE id = 'MERC_sandbox'")
        .run(createHash('sha256').update(token).digest('hex'));
      expect((await settings()).status).toBe(401);
      expect(await settings(token)).toEqual({ status: 200, body: expect.objectContaining({ pci_homologated: true }) });
    } finally {
      other.close();
    }
  });
});

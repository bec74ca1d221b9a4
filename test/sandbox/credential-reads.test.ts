import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// The sandbox keeps the merchant accounts and sessions it has read (docs/performance.md): a
// change must still apply from the next request on, whether this sandbox made it or another
// process wrote the data file.
it.override('sandboxOptions', { dataFile: true });

const settings = async (sandbox: Sandbox, token = sandbox.token) => {
  const res = await fetch(`${sandbox.apiUrl}/sandbox/merchant/settings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { pci_homologated?: boolean } };
};

describe('merchant accounts read once, changed later', () => {
  it('a setting changed by this sandbox applies to the next request', async ({ sandbox }) => {
    expect((await settings(sandbox)).body.pci_homologated).toBe(true);
    sandbox.configureMerchant({ pciHomologated: false });
    expect((await settings(sandbox)).body.pci_homologated).toBe(false);
    sandbox.configureMerchant({ pciHomologated: true });
    expect((await settings(sandbox)).body.pci_homologated).toBe(true);
  });

  it('a rotated webhook secret is the one read next', async ({ sandbox }) => {
    const before = sandbox.webhookSecret;
    const res = await fetch(`${sandbox.apiUrl}/sandbox/merchant/webhook-secret/rotate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.token}` },
    });
    expect(res.status).toBe(200);
    expect(sandbox.webhookSecret).not.toBe(before);
    expect(sandbox.webhookSecret).toMatch(/^whsec_/);
  });

  it('a setting or token another process writes to the data file applies to the next request', async ({
    sandbox,
    dataFile,
  }) => {
    expect((await settings(sandbox)).body.pci_homologated).toBe(true);
    const other = new Database(dataFile);
    try {
      other.prepare("UPDATE merchants SET pci_homologated = 0 WHERE id = 'MERC_sandbox'").run();
      expect((await settings(sandbox)).body.pci_homologated).toBe(false);
      const token = 'sbx_changed_elsewhere_0123456789';
      other
        .prepare("UPDATE merchants SET token_hash = ?, pci_homologated = 1 WHERE id = 'MERC_sandbox'")
        .run(createHash('sha256').update(token).digest('hex'));
      expect((await settings(sandbox)).status).toBe(401);
      expect(await settings(sandbox, token)).toEqual({
        status: 200,
        body: expect.objectContaining({ pci_homologated: true }),
      });
    } finally {
      other.close();
    }
  });
});

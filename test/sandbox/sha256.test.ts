import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Texts a session or token can be, and a few a hash must not get wrong: empty, non-ASCII, long.
const TEXTS = ['', 'sbx_sess_0123456789abcdef', 'ção ✓ 𝄞', 'x'.repeat(10_000)];
const reference = (text: string, encoding: 'hex' | 'base64url') => createHash('sha256').update(text).digest(encoding);

describe('sha256', () => {
  afterEach(() => {
    vi.doUnmock('node:crypto');
    vi.resetModules();
  });

  it('gives the digest createHash gives, in hex and base64url', async () => {
    const { sha256 } = await import('../../src/sandbox/crypto/sha256');
    for (const text of TEXTS) {
      expect(sha256(text, 'hex')).toBe(reference(text, 'hex'));
      expect(sha256(text, 'base64url')).toBe(reference(text, 'base64url'));
    }
  });

  it('gives the same digests on a Node 20 without crypto.hash (before 20.12)', async () => {
    vi.resetModules();
    vi.doMock('node:crypto', async (original) => ({
      ...(await original<typeof import('node:crypto')>()),
      hash: undefined,
    }));
    const { sha256 } = await import('../../src/sandbox/crypto/sha256');
    for (const text of TEXTS) {
      expect(sha256(text, 'hex')).toBe(reference(text, 'hex'));
      expect(sha256(text, 'base64url')).toBe(reference(text, 'base64url'));
    }
  });
});

import { randomFillSync } from 'node:crypto';

/**
 * Cryptographically random bytes handed out from a buffer filled by one OpenSSL call per
 * `size` bytes, as Node's own `randomUUID` does: `randomBytes(20)` per request is a synchronous
 * OpenSSL call and a new buffer each time, a measurable share of the 3DS endpoint under load
 * (docs/performance.md). Every byte is given out once, never again; the pool is per owner (a
 * store), so nothing of it outlives the sandbox.
 */
export class RandomPool {
  private readonly pool: Buffer;
  private offset: number;

  constructor(size = 4096) {
    this.pool = Buffer.allocUnsafe(size);
    this.offset = size;
  }

  /** `bytes` fresh random bytes (at most the pool's size), encoded as `encoding`. */
  take(bytes: number, encoding: 'base64' | 'base64url' | 'hex'): string {
    if (bytes > this.pool.length) throw new RangeError(`RandomPool: ${bytes} bytes is more than the pool holds`);
    if (this.offset + bytes > this.pool.length) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const start = this.offset;
    this.offset += bytes;
    return this.pool.toString(encoding, start, this.offset);
  }
}

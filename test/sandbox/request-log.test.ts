import { describe, expect } from 'vitest';
import { rawClient } from './support/raw-socket';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

/** Sends one raw request line (and more) and waits for the connection to end. */
async function raw(sandbox: Sandbox, text: string): Promise<string> {
  const client = await rawClient(sandbox.apiUrl);
  client.write(text);
  return client.closed;
}

/** Resolves with the log lines holding `needle`, once there is one. */
async function linesWith(logs: string[], needle: string): Promise<string[]> {
  for (;;) {
    const found = logs.filter((l) => l.includes(needle));
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 5));
  }
}

const FORGED = '/orders/x%0a2026-11-23T10:00:00.000Z%20trace=forged%20POST%20/orders%20201%201.0ms';

describe('request log lines (text)', () => {
  it('cannot be split or forged: the path is logged as sent, percent-encoding kept', async ({ sandbox, logs }) => {
    await raw(
      sandbox,
      `GET ${FORGED} HTTP/1.1\r\nHost: sandbox\r\nX-Trace-Id: forge-attempt-1\r\nConnection: close\r\n\r\n`,
    );
    const [line, ...more] = await linesWith(logs, 'forge-attempt-1');
    expect(more).toEqual([]);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).toContain(`GET ${FORGED} 404`);
    expect(logs.some((l) => l.startsWith('2026-11-23T10:00:00.000Z'))).toBe(false);
  });

  it('leaves the query out: it can hold a token', async ({ sandbox, logs }) => {
    await fetch(`${sandbox.apiUrl}/orders/x?token=secret-value`, { headers: { 'x-trace-id': 'query-check-1' } });
    const [line] = await linesWith(logs, 'query-check-1');
    expect(line).toContain('GET /orders/x 401');
    expect(line).not.toContain('secret-value');
  });

  it('masks a card number in the path, written plain or spaced, and in a trace id', async ({ sandbox, logs }) => {
    await fetch(`${sandbox.apiUrl}/charges/4000000000002503`, { headers: { 'x-trace-id': 'card-in-path-1' } });
    await fetch(`${sandbox.apiUrl}/charges/4000%200000%200000%202503`, { headers: { 'x-trace-id': 'card-in-path-2' } });
    await fetch(`${sandbox.apiUrl}/charges/4000-0000-0000-2503`, { headers: { 'x-trace-id': 'card-in-path-3' } });
    await fetch(`${sandbox.apiUrl}/orders/x`, { headers: { 'x-trace-id': '5200000000001096' } });
    const lines = [...(await linesWith(logs, 'card-in-path-')), ...(await linesWith(logs, 'GET /orders/x 401'))];
    const all = lines.join('\n');
    expect(all).toContain('GET /charges/[digits] 401');
    for (const n of ['4000000000002503', '5200000000001096', '2503', '1096']) expect(all).not.toContain(n);
    // Its own UUID trace ids are kept whole.
    const res = await fetch(`${sandbox.apiUrl}/orders/y`);
    expect((await linesWith(logs, res.headers.get('x-trace-id')!)).length).toBe(1);
  });

  it('logs a client that aborts mid-body as a client error, not an internal one', async ({ sandbox, logs }) => {
    const client = await rawClient(sandbox.apiUrl);
    client.write(
      `POST /public-keys HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer ${sandbox.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Trace-Id: aborts-mid-body\r\nExpect: 100-continue\r\n\r\n`,
    );
    while (!client.received().includes('100 Continue')) await new Promise((r) => setTimeout(r, 5));
    client.write('{"type":');
    client.socket.destroy();
    const [line] = await linesWith(logs, 'aborts-mid-body');
    expect(line).toMatch(/POST \/public-keys 400 [\d.]+ms client-error=body\\x20aborted$/);
    expect(logs.join('\n')).not.toContain('internal error');
  });

  it('logs a malformed chunked body as a client error', async ({ sandbox, logs }) => {
    await raw(
      sandbox,
      `POST /public-keys HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer ${sandbox.token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nX-Trace-Id: bad-chunked-body\r\n\r\n5\r\n{"typ\r\nzz-not-hex\r\n\r\n`,
    );
    const [line] = await linesWith(logs, 'bad-chunked-body');
    expect(line).toMatch(/POST \/public-keys 400 [\d.]+ms client-error=/);
    expect(logs.join('\n')).not.toContain('internal error');
  });
});

describe('request log lines (json)', () => {
  it('writes one JSON object per line, the path as sent, card-like digits masked', async ({ startSandbox }) => {
    const logs: string[] = [];
    const sandbox = await startSandbox({ log: (line) => logs.push(line), logFormat: 'json' });
    await raw(
      sandbox,
      `GET ${FORGED} HTTP/1.1\r\nHost: sandbox\r\nX-Trace-Id: json-forge-1\r\nConnection: close\r\n\r\n`,
    );
    await fetch(`${sandbox.apiUrl}/charges/4000000000002503`, { headers: { 'x-trace-id': 'json-card-1' } });
    const [forged] = await linesWith(logs, 'json-forge-1');
    const [card] = await linesWith(logs, 'json-card-1');
    expect(JSON.parse(forged!)).toEqual({
      time: expect.any(String),
      trace: 'json-forge-1',
      method: 'GET',
      path: FORGED,
      status: 404,
      duration_ms: expect.any(Number),
    });
    expect(JSON.parse(card!).path).toBe('/charges/[digits]');
  });

  it('refuses an unknown format', async ({ startSandbox }) => {
    // @ts-expect-error: a caller without types can pass anything
    await expect(startSandbox({ logFormat: 'xml' })).rejects.toThrow(/logFormat/);
  });
});

import { describe, expect } from 'vitest';
import { rawClient, until } from './support/raw-socket';
import { it } from './support/sandbox-test';

const GET = 'GET /no-such-endpoint HTTP/1.1\r\nHost: sandbox\r\n\r\n';

describe('connection timeouts and limits', () => {
  it('cuts a client that sends no headers, or only part of them, while others are served', async ({ startSandbox }) => {
    const sandbox = await startSandbox({ headersTimeoutMs: 100, requestTimeoutMs: 10_000 });
    const silent = await rawClient(sandbox.apiUrl);
    const partial = await rawClient(sandbox.challengeUrl);
    partial.write('GET /x HTTP/1.1\r\nHost: sandbox\r\n');
    // Served while the slow ones are held.
    expect((await fetch(`${sandbox.apiUrl}/no-such-endpoint`)).status).toBe(404);
    expect(await silent.closed).toMatch(/^HTTP\/1\.1 408/);
    expect(await partial.closed).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`${sandbox.apiUrl}/no-such-endpoint`)).status).toBe(404);
  });

  it('cuts a client whose body trickles in past the request timeout', async ({ startSandbox }) => {
    const sandbox = await startSandbox({ headersTimeoutMs: 100, requestTimeoutMs: 200 });
    const slow = await rawClient(sandbox.apiUrl);
    slow.write(
      `POST /public-keys HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer ${sandbox.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    // One byte now and then, each well inside any idle timeout: only the request timeout can end it.
    const drip = setInterval(() => slow.socket.writable && slow.write(' '), 20);
    const answer = await slow.closed;
    clearInterval(drip);
    expect(answer).not.toMatch(/HTTP\/1\.1 2\d\d/);
    expect((await fetch(`${sandbox.apiUrl}/no-such-endpoint`)).status).toBe(404);
  });

  it('closes a keep-alive connection left idle after its response', async ({ startSandbox }) => {
    const sandbox = await startSandbox({ keepAliveTimeoutMs: 50 });
    const client = await rawClient(sandbox.apiUrl);
    client.write(GET);
    const answer = await client.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer.toLowerCase()).toContain('keep-alive: timeout=0');
  });

  it('refuses connections over maxConnections and serves again once one closes', async ({ startSandbox }) => {
    const sandbox = await startSandbox({ maxConnections: 2 });
    const held = [await rawClient(sandbox.apiUrl), await rawClient(sandbox.apiUrl)];
    // A full answer on each proves the server has counted both.
    for (const c of held) {
      c.write(GET);
      await until(c, (d) => d.includes('"error_messages"'));
    }
    const third = await rawClient(sandbox.apiUrl);
    third.write(GET);
    expect(await third.closed).toBe('');
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server learns of the close asynchronously: retry until the freed slot is used.
    let status = 0;
    while (status !== 404)
      status = await fetch(`${sandbox.apiUrl}/no-such-endpoint`).then(
        (r) => r.status,
        () => 0,
      );
  });

  it('refuses limits Node would misread', async ({ startSandbox }) => {
    await expect(startSandbox({ maxConnections: 0 })).rejects.toThrow(/maxConnections/);
    await expect(startSandbox({ headersTimeoutMs: 2_000, requestTimeoutMs: 1_000 })).rejects.toThrow(
      /headersTimeoutMs/,
    );
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import { api, boletoCharge, order } from './support/payments';
import { rawClient, until } from './support/raw-socket';

const BODY = JSON.stringify({ type: 'card' });

/** A POST /public-keys whose headers the server has read (it answered 100 Continue) and whose body is still to come. */
async function postInFlight(apiUrl: string, token: string) {
  const client = await rawClient(apiUrl);
  client.write(
    `POST /public-keys HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(BODY)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await until(client, (d) => d.includes('100 Continue'));
  return client;
}

describe('shutdown', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('closes idle sockets at once, even one that never sent a byte, and lets a request in flight finish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-shutdown-'));
    dirs.push(dir);
    const dataFile = join(dir, 'sandbox.db');
    // A grace far longer than the test's own time limit: only idle sockets closing at once lets close() finish.
    const sandbox = await startSandbox({ dataFile, token: 'sbx_shutdown_test', shutdownGraceMs: 600_000 });
    const silent = await rawClient(sandbox.apiUrl);
    const silentChallenge = await rawClient(sandbox.challengeUrl);
    const partialHeaders = await rawClient(sandbox.apiUrl);
    partialHeaders.write('GET /orders/x HTTP/1.1\r\nHost: sandbox\r\n');
    const inFlight = await postInFlight(sandbox.apiUrl, sandbox.token);

    const closing = sandbox.close();
    expect(await silent.closed).toBe('');
    expect(await silentChallenge.closed).toBe('');
    expect(await partialHeaders.closed).toBe('');

    inFlight.write(BODY);
    const answer = await inFlight.closed;
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/); // POST /public-keys answers 200, as the provider does
    expect(answer.toLowerCase()).toContain('connection: close');
    await closing;

    // What was acknowledged during the shutdown is in the data file.
    const key = JSON.parse(answer.slice(answer.indexOf('{'))).public_key as string;
    const again = await startSandbox({ dataFile, token: 'sbx_shutdown_test' });
    try {
      const current = await api(again, 'GET', '/public-keys/card');
      expect(current.status).toBe(200);
      expect(current.body.public_key).toBe(key);
    } finally {
      await again.close();
    }
  });

  it('lets orders in flight finish through the group commit, answered only once stored', async () => {
    // POST /orders writes through the shared transaction (storage/group-commit.ts): its work runs
    // at the end of the turn, so close() must not close the database under a queued group.
    const dir = mkdtempSync(join(tmpdir(), 'gateway-shutdown-'));
    dirs.push(dir);
    const dataFile = join(dir, 'sandbox.db');
    const sandbox = await startSandbox({ dataFile, token: 'sbx_shutdown_test', shutdownGraceMs: 600_000 });
    const body = JSON.stringify(order([boletoCharge()]));
    const clients = [];
    for (let i = 0; i < 3; i++) {
      const client = await rawClient(sandbox.apiUrl);
      client.write(
        `POST /orders HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer sbx_shutdown_test\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await until(client, (d) => d.includes('100 Continue'));
      clients.push(client);
    }
    const closing = sandbox.close();
    // The bodies arrive together: their writes share one group, queued after close() began.
    for (const client of clients) client.write(body);
    const answers = await Promise.all(clients.map((c) => c.closed));
    await closing;
    const ids = answers.map((answer) => {
      expect(answer).toMatch(/HTTP\/1\.1 201 Created/);
      return JSON.parse(answer.slice(answer.indexOf('{'))).id as string;
    });
    const again = await startSandbox({ dataFile, token: 'sbx_shutdown_test' });
    try {
      for (const id of ids) expect((await api(again, 'GET', `/orders/${id}`)).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('cuts a request still unfinished when the grace ends, and close() resolves', async () => {
    const sandbox = await startSandbox({ shutdownGraceMs: 50 });
    const stalled = await postInFlight(sandbox.apiUrl, sandbox.token);
    stalled.write(BODY.slice(0, 3));
    await sandbox.close();
    const answer = await stalled.closed;
    expect(answer).not.toMatch(/HTTP\/1\.1 2\d\d/);
  });

  it('close() twice is one shutdown', async () => {
    const sandbox = await startSandbox();
    await rawClient(sandbox.apiUrl);
    await Promise.all([sandbox.close(), sandbox.close()]);
  });

  it('refuses a negative grace', async () => {
    await expect(startSandbox({ shutdownGraceMs: -1 })).rejects.toThrow(/shutdownGraceMs/);
  });
});

import { request } from 'node:http';
import { describe, expect } from 'vitest';
import { api, order } from './support/payments';
import { createSession } from './support/sdk-client';
import { it } from './support/sandbox-test';

const LIMIT = 2048;

it.override('sandboxOptions', { maxBodyBytes: LIMIT });

/**
 * Sends three times the limit as a chunked body with no Content-Length and never ends it: only a
 * server that counts bytes while they stream can answer, one that waits for the whole body hangs.
 */
function postChunkedWithoutEnd(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, body });
      });
      res.on('error', reject);
    });
    req.write('{"pad":"');
    for (let sent = 0; sent < 3 * LIMIT; sent += 512) req.write('x'.repeat(512));
  });
}

const tooLarge = {
  error_messages: [{ code: '41301', parameter_name: '', description: `The body is larger than ${LIMIT} bytes.` }],
};

describe('a chunked body over maxBodyBytes', () => {
  it('POST /orders: 413 with the error body before the body ends; the API keeps answering', async ({ sandbox }) => {
    const res = await postChunkedWithoutEnd(`${sandbox.apiUrl}/orders`, {
      authorization: `Bearer ${sandbox.token}`,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
    expect((await api(sandbox, 'POST', '/orders', order())).status).toBe(201);
  });

  it('POST /checkout-sdk/3ds/authentications: 413 with the error body', async ({ sandbox }) => {
    const session = await createSession(sandbox);
    const res = await postChunkedWithoutEnd(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications`, {
      'x-gateway-session': session,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
    expect((await createSession(sandbox)).length).toBeGreaterThan(0);
  });

  it('POST /challenge/acs (no credentials needed): 413 with the error body; the challenge origin keeps answering', async ({
    sandbox,
  }) => {
    const res = await postChunkedWithoutEnd(`${sandbox.challengeUrl}/challenge/acs`, {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
    expect((await fetch(`${sandbox.challengeUrl}/challenge/host.js`)).status).toBe(200);
  });
});

describe('bodies within the limit', () => {
  it('still get 415 for a wrong content type and 400 for bad JSON', async ({ sandbox }) => {
    expect(
      (await api(sandbox, 'POST', '/orders', '{}', { 'Content-Type': 'text/plain' })).body.error_messages[0].code,
    ).toBe('41501');
    const bad = await api(sandbox, 'POST', '/orders', '{"reference_id":');
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages[0].code).toBe('40000');
  });

  it('a declared Content-Length over the limit is 413 without reading the body', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', { pad: 'x'.repeat(LIMIT) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(tooLarge);
  });
});

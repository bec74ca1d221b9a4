import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };

// A path that exists, asked with a method it does not answer, is 405 with `Allow` (docs/errors.md):
// the client has the right path and learns what to send. A path no route has stays 404.
describe('a method a path does not answer', () => {
  const api = (sandbox: Sandbox, method: string, path: string) =>
    fetch(`${sandbox.apiUrl}${path}`, { method, headers: { Authorization: `Bearer ${sandbox.token}` } });

  it.for([
    ['DELETE', '/orders', 'GET, HEAD, POST'],
    ['DELETE', '/orders/ORDE_0000', 'GET, HEAD'],
    ['PUT', '/checkout-sdk/3ds/authentications', 'POST'],
    ['GET', '/charges/CHAR_1/capture', 'POST'],
    ['POST', '/sdk/gateway.js', 'GET, HEAD'],
    ['PATCH', '/sandbox/merchant/settings', 'GET, HEAD, POST'],
  ] as const)('%s %s is 405, Allow: %s', async ([method, path, allow], { sandbox }) => {
    const res = await api(sandbox, method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    const body = (await res.json()) as ErrorBody;
    expect(body.error_messages).toEqual([
      { code: '40501', description: `This path answers ${allow}, not ${method}.`, parameter_name: '' },
    ]);
  });

  it('still answers 404, without Allow, where no route has the path', async ({ sandbox }) => {
    for (const [method, path] of [
      ['GET', '/nothing'],
      ['POST', '/orders/ORDE_1/nothing'],
      ['GET', '/sdk/other.js'],
    ] as const) {
      const res = await api(sandbox, method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
      expect(((await res.json()) as ErrorBody).error_messages[0]!.code).toBe('40401');
    }
  });

  it('checks the bearer token before saying which methods a protected path answers', async ({ sandbox }) => {
    const res = await fetch(`${sandbox.apiUrl}/public-keys/card`, { method: 'DELETE' });
    expect(res.status).toBe(401);
    expect(res.headers.get('allow')).toBeNull();
  });

  it('on the challenge origin, answers 405 as a page to a browser and as JSON to anything else', async ({
    sandbox,
  }) => {
    const json = await fetch(`${sandbox.challengeUrl}/challenge/acs/method`, {
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(405);
    expect(json.headers.get('allow')).toBe('POST');
    expect(((await json.json()) as ErrorBody).error_messages[0]).toEqual({
      code: '40501',
      description: 'This path answers POST, not GET.',
      parameter_name: '',
    });

    const page = await fetch(`${sandbox.challengeUrl}/challenge/end`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('POST');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('This path answers POST, not GET.');

    const missing = await fetch(`${sandbox.challengeUrl}/challenge/nothing`, {
      headers: { accept: 'application/json' },
    });
    expect(missing.status).toBe(404);
  });
});

import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

const PAGE = 'http://shop.example:8080';
const MERCHANT_PATHS = [
  '/checkout-sdk/sessions',
  '/orders',
  '/orders/ORDE_x',
  '/charges',
  '/charges/CHAR_x',
  '/public-keys',
  '/public-keys/card',
  '/sandbox/merchant/settings',
];

const preflight = (sandbox: Sandbox, path: string, origin = PAGE) =>
  fetch(`${sandbox.apiUrl}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type',
    },
  });

describe('CORS on the merchant (bearer-token) endpoints', () => {
  it('sends no CORS headers by default, to a preflight or to a request carrying the token', async ({
    startSandbox,
  }) => {
    const sandbox = await startSandbox();
    for (const path of MERCHANT_PATHS) {
      const pre = await preflight(sandbox, path);
      expect(pre.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(pre.headers.get('access-control-allow-headers'), path).toBeNull();
      const call = await fetch(`${sandbox.apiUrl}${path}`, {
        headers: { Origin: PAGE, Authorization: `Bearer ${sandbox.token}` },
      });
      expect(call.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    // The SDK's endpoints still answer any page, but never allow a bearer token through.
    const sdk = await preflight(sandbox, '/checkout-sdk/3ds/authentications');
    expect(sdk.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(sdk.headers.get('access-control-allow-headers')?.toLowerCase()).not.toContain('authorization');
    const script = await fetch(`${sandbox.apiUrl}/sdk/gateway.js`, { headers: { Origin: PAGE } });
    expect(script.headers.get('access-control-allow-origin')).toBe(PAGE);
  });

  it('merchantCorsOrigins opens them to the listed origins only', async ({ startSandbox }) => {
    const tool = 'http://localhost:5173';
    const sandbox = await startSandbox({ merchantCorsOrigins: [tool] });
    for (const path of MERCHANT_PATHS) {
      const pre = await preflight(sandbox, path, tool);
      expect(pre.headers.get('access-control-allow-origin'), path).toBe(tool);
      expect(pre.headers.get('access-control-allow-headers')?.toLowerCase(), path).toContain('authorization');
      expect((await preflight(sandbox, path)).headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const call = await fetch(`${sandbox.apiUrl}/sandbox/merchant/settings`, {
      headers: { Origin: tool, Authorization: `Bearer ${sandbox.token}` },
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe(tool);
  });
});

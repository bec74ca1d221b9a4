import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { routeTable, SESSION_HEADER_NAME } from '../../src/sandbox/routes/route-table';
import { createSession } from './support/sdk-client';
import { it } from './support/sandbox-test';

// Each entry's `params` schema answers a malformed path; the handler's lookup, an unknown resource.
const withParams = routeTable().filter((route) => route.params && route.origin === 'api');

describe('a malformed path parameter is answered as an unknown resource', () => {
  it('covers every route whose entry has a params schema', () => {
    expect(withParams.length).toBeGreaterThanOrEqual(14);
  });

  for (const route of withParams)
    it(`${route.method.toUpperCase()} ${route.path}`, async ({ sandbox }) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (route.security === 'bearer') headers.Authorization = `Bearer ${sandbox.token}`;
      if (route.security === 'session') headers[SESSION_HEADER_NAME] = await createSession(sandbox);
      const body = route.body ? JSON.stringify(route.body.example ?? {}) : undefined;
      const call = async (value: string) => {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          // The other parameters keep a form the route takes (a QR code's `kind`).
          name === 'kind' ? 'png' : value,
        );
        const res = await fetch(`${sandbox.apiUrl}${path}`, { method: route.method.toUpperCase(), headers, body });
        return { status: res.status, body: await res.json() };
      };
      // A well-formed id of each kind the routes take, naming nothing.
      // (The first prefix of a parameter that takes several kinds; none for a number, such as a delivery's.)
      const prefix = /\{id\}/.test(route.path)
        ? (/^\^(?:\(\?:)?(\w+_)/.exec(String(route.parameters![0]!.schema.pattern))?.[1] ?? '')
        : '';
      const unknown = route.path.includes('{file}') ? `${randomUUID()}.pdf` : `${prefix}${randomUUID()}`;
      const known = await call(unknown);
      expect(known.status).toBe(404);
      for (const malformed of ['not-an-id', `${prefix}NOT-A-UUID`, `${unknown.toUpperCase()}`])
        expect(await call(malformed)).toEqual(known);
    });
});

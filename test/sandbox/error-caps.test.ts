import { describe, expect } from 'vitest';
import { MAX_ERROR_ITEMS } from '../../src/sandbox/http/capped-error-items';
import { authData, createSession, postAuthentication, validDevice } from './support/sdk-client';
import { api } from './support/payments';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

describe('error answers are capped', () => {
  it('thousands of unknown device keys give a small answer that says how many were left out', async ({ sandbox }) => {
    const device: Record<string, unknown> = validDevice();
    for (let i = 0; i < 5_896; i++) device[`k${i}`] = 1;
    const session = await createSession(sandbox);
    const res = await postAuthentication(sandbox, session, { data: authData(), device });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text.length).toBeLessThan(32_000);
    const items = JSON.parse(text).error_messages as { code: string; parameter_name: string; description: string }[];
    expect(items).toHaveLength(MAX_ERROR_ITEMS + 1);
    expect(items[0]!.parameter_name).toMatch(/^device\.k0$/);
    expect(items.at(-1)!.description).toBe(
      `${5_896 - MAX_ERROR_ITEMS} more problems were left out of this answer; fix the ones listed and send again.`,
    );
  });

  it('huge key names are cut, marked with an ellipsis', async ({ sandbox }) => {
    const body: Record<string, unknown> = {};
    for (let i = 0; i < 12; i++) body[`${i}${'x'.repeat(5_000)}`] = 1;
    const res = await api(sandbox, 'POST', '/orders', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body).length).toBeLessThan(16_000);
    const names = res.body.error_messages.map((e: { parameter_name: string }) => e.parameter_name) as string[];
    expect(names.filter((n) => n.startsWith('0xxx'))).toEqual([`0${'x'.repeat(298)}…`]);
  });

  it('an answer under the caps is untouched', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/public-keys', { type: 'x', extra: 1 });
    expect(res.body.error_messages.map((e: { parameter_name: string }) => e.parameter_name)).toEqual(['extra', 'type']);
  });
});

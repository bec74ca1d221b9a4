import { describe, expect } from 'vitest';
import { api, customer, errorOf, order } from './support/payments';
import { authData, postAuthentication, validDevice } from './support/sdk-client';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

// The API parses plain JSON: no caps of the SDK's page-input snapshot (200 elements, 4096
// characters, 16 levels) stand between a body and its schema, so each message says what is
// really wrong. The body size limit is the guard.

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ reference_id: `sku-${i}`, name: 'Item', quantity: 1, unit_amount: 100 }));

describe('server-side parsing tells the real reason', () => {
  it('150 or 201 items: "must be a list of 1 to 100 items", never "must be a list of items"', async ({ sandbox }) => {
    for (const n of [150, 201, 250]) {
      const res = await api(sandbox, 'POST', '/orders', order(undefined, { items: items(n) }));
      expect(res.status, String(n)).toBe(400);
      expect(errorOf(res, 'items')?.description, String(n)).toBe('items must be a list of 1 to 100 items');
    }
    expect((await api(sandbox, 'POST', '/orders', order(undefined, { items: items(100) }))).status).toBe(201);
  });

  it("3DS endpoint: 201 phones or a 5000-character name get the field's own rule, not a snapshot cap", async ({
    sandbox,
    session,
  }) => {
    const data = authData() as any;
    data.customer.name = `Maria ${'a'.repeat(5000)}`;
    data.customer.phones = Array.from({ length: 201 }, () => ({
      country: '55',
      area: '11',
      number: '912345678',
      type: 'MOBILE',
    }));
    const res = await postAuthentication(sandbox, session, { data, device: validDevice() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error_messages: Array<{ parameter_name: string; description: string }> };
    const name = body.error_messages.find((e) => e.parameter_name === 'data.customer.name');
    expect(name?.description).toBe(
      'data.customer.name must be at least two names, letters only (no digits or special characters)',
    );
    expect(body.error_messages.map((e) => e.description).join(' ')).not.toMatch(/too many|too long/);
    // 201 valid phones are valid: the SDK's schema sets no count, and the server no longer caps it.
    expect(body.error_messages.some((e) => e.parameter_name.startsWith('data.customer.phones'))).toBe(false);
  });

  it('a long string is judged by its rule: a 5000-character e-mail is not "too long (at most 4096)"', async ({
    sandbox,
  }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { customer: { ...customer(), email: `${'a'.repeat(5000)}@example.com` } }),
    );
    expect(res.status).toBe(400);
    expect(errorOf(res, 'customer.email')?.description).toBe('customer.email must be a valid e-mail address');
  });

  it('deep nesting within the body limit is a 400, never a 5xx', async ({ sandbox }) => {
    for (const depth of [20, 6000]) {
      const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const res = await api(
        sandbox,
        'POST',
        '/orders',
        JSON.stringify(order(undefined)).replace(/}$/, `,"extra":${deep}}`),
      );
      expect(res.status, String(depth)).toBe(400);
    }
    // Past the SDK snapshot's 16 levels, the key is still named for what it is: not a parameter.
    const deep = `${'{"a":'.repeat(20)}1${'}'.repeat(20)}`;
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      JSON.stringify(order(undefined)).replace(/}$/, `,"extra":${deep}}`),
    );
    expect(errorOf(res, 'extra')?.code).toBe('40003');
  });

  it('null still means "not given"', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { reference_id: null, customer: { ...customer(), phones: null } }),
    );
    expect(res.status).toBe(201);
  });
});

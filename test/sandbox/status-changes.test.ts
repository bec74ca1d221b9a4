// Status changes are recorded by the domain code that makes them, with their cause and the sandbox
// time they happened (docs/console.md#timeline), not read back from answers: what the console lists
// agrees with the API at once, and what the clock expires shows at the moment it expired.
import { afterAll, describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { decideChallenge } from '../../src/testing/decide-challenge';
import { advanceClock } from '../../src/testing/sandbox-time';
import { SANDBOX_CODES } from '../../src/testing/selectors';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/testing/webhook-receiver';
import { dateIn } from '../support/request-bodies.mjs';
import { api, boletoCharge, cardCharge, order } from './support/payments';
import { it } from './support/sandbox-test';
import { authData, createSession, postAuthentication, validDevice } from './support/sdk-client';

const receivers: WebhookReceiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

const resources = async (s: Sandbox, kind: string) =>
  (await api(s, 'GET', `/sandbox/resources?kind=${kind}`)).body.resources as Array<{
    id: string;
    kind: string;
    status: string | null;
    reference_id: string | null;
  }>;

interface Change {
  type: string;
  at: number;
  from: string | null;
  to: string;
  source: string;
  source_id?: string;
}
const changesOf = async (s: Sandbox, id: string): Promise<Change[]> =>
  ((await api(s, 'GET', `/sandbox/resources/${id}`)).body.timeline as Change[]).filter(
    (e) => e.type === 'state_change',
  );

describe('status changes reported by the domain', () => {
  it('a boleto paid through the simulator is PAID in the orders and boletos lists at once, by the simulator', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const created = await api(s, 'POST', '/orders', order([boletoCharge()]), { 'x-trace-id': 'boleto-create' });
    const charge = created.body.charges[0];
    const paid = await api(s, 'POST', `/sandbox/charges/${charge.id}/boleto/pay`, undefined, {
      'x-trace-id': 'boleto-pay',
    });
    expect(paid.status).toBe(200);
    // No GET /orders/{id} in between: the list shows what the simulator did.
    expect((await resources(s, 'order')).find((r) => r.id === created.body.id)?.status).toBe('PAID');
    expect((await resources(s, 'boleto')).find((r) => r.id === charge.id)?.status).toBe('PAID');
    expect(await changesOf(s, charge.id)).toEqual([
      expect.objectContaining({ from: null, to: 'WAITING', source: 'request', source_id: 'boleto-create' }),
      expect.objectContaining({ from: 'WAITING', to: 'PAID', source: 'simulator', source_id: 'boleto-pay' }),
    ]);
    expect((await changesOf(s, created.body.id)).map((c) => `${c.from}>${c.to}`)).toEqual([
      'null>WAITING',
      'WAITING>PAID',
    ]);
  });

  it('a 3DS authentication is recorded created by the SDK request, and completed by the challenge decision', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const session = await createSession(s);
    const res = await postAuthentication(
      s,
      session,
      { data: authData('4000000000002503'), device: validDevice() },
      { 'x-trace-id': 'sdk-auth' },
    );
    const { id } = (await res.json()) as { id: string };
    await decideChallenge(s, id, SANDBOX_CODES.pass);
    expect((await changesOf(s, id)).map((c) => `${c.from}>${c.to} ${c.source} ${c.source_id ?? '-'}`)).toEqual([
      'null>REQUIRE_CHALLENGE request sdk-auth',
      expect.stringMatching(/^REQUIRE_CHALLENGE>AUTH_FLOW_COMPLETED simulator \S+$/),
    ]);
  });

  it('lists boleto charges among the charges', async ({ startSandbox }) => {
    const s = await startSandbox();
    const card = await api(s, 'POST', '/orders', order([cardCharge()]));
    const boleto = await api(s, 'POST', '/orders', order([boletoCharge()]));
    const ids = (await resources(s, 'charge')).map((r) => r.id);
    expect(ids).toEqual([boleto.body.charges[0].id, card.body.charges[0].id]);
  });

  it('keeps the merchant reference_id as sent, digits and all', async ({ startSandbox }) => {
    const s = await startSandbox();
    const created = await api(s, 'POST', '/orders', order([cardCharge()], { reference_id: 'cobranca-1795878563495' }));
    const listed = (await resources(s, 'order')).find((r) => r.id === created.body.id);
    expect(listed?.reference_id).toBe('cobranca-1795878563495');
  });

  it('a Pix order created unpaid has no status until it is paid', async ({ startSandbox }) => {
    const s = await startSandbox();
    const created = await api(s, 'POST', '/orders', order(undefined, { qr_codes: [{ amount: { value: 5_000 } }] }));
    expect((await resources(s, 'order')).find((r) => r.id === created.body.id)?.status).toBeNull();
    expect(await changesOf(s, created.body.id)).toEqual([]);
    const code = created.body.qr_codes[0].id;
    expect((await changesOf(s, code)).map((c) => c.to)).toEqual(['WAITING']);
    await api(s, 'POST', `/sandbox/qr-codes/${code}/pay`);
    expect((await resources(s, 'order')).find((r) => r.id === created.body.id)?.status).toBe('PAID');
    expect((await changesOf(s, code)).map((c) => `${c.from}>${c.to} ${c.source}`)).toEqual([
      'null>WAITING request',
      'WAITING>PAID simulator',
    ]);
  });
});

describe('what the clock expires', () => {
  it('a boleto due today is CANCELED when the clock passes the day, stamped then, with its notification sent then', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const r = await startWebhookReceiver({ token: s.token });
    receivers.push(r);
    const due = dateIn(0, s.clock.now().getTime());
    const created = await api(
      s,
      'POST',
      '/orders',
      order([boletoCharge(15_000, { due_date: due })], { notification_urls: [r.url] }),
    );
    expect(created.status).toBe(201);
    const id = created.body.charges[0].id;
    await r.waitFor((d) => d.eventType === 'CHARGE.WAITING');

    await advanceClock(s, 86_400);
    const canceled = await r.waitFor((d) => d.eventType === 'CHARGE.CANCELED');
    expect((canceled.body as { charges: Array<{ status: string }> }).charges[0]!.status).toBe('CANCELED');
    expect((await api(s, 'GET', `/charges/${id}`)).body.status).toBe('CANCELED');
    expect((await api(s, 'POST', `/sandbox/charges/${id}/boleto/pay`)).status).toBe(409);
    const expiry = (await changesOf(s, id)).at(-1)!;
    expect(expiry).toMatchObject({ from: 'WAITING', to: 'CANCELED', source: 'clock' });
    // The end of the due date in Brasília time, not the time of the advance or of a later read.
    expect(expiry.at).toBe(Date.parse(`${due}T00:00:00.000-03:00`) + 86_400_000);
    expect((await resources(s, 'order')).find((x) => x.id === created.body.id)?.status).toBe('CANCELED');
  });

  it('a Pix code shows EXPIRED at its expiration_date once the clock passes it, without any read', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const expires = new Date(s.clock.now().getTime() + 3_600_000);
    const created = await api(
      s,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 5_000 }, expiration_date: expires.toISOString() }] }),
    );
    const code = created.body.qr_codes[0].id;
    await advanceClock(s, 2 * 3_600);
    const expiry = (await changesOf(s, code)).at(-1)!;
    expect(expiry).toMatchObject({ from: 'WAITING', to: 'EXPIRED', source: 'clock' });
    expect(expiry.at).toBe(Date.parse(created.body.qr_codes[0].expiration_date));
  });
});

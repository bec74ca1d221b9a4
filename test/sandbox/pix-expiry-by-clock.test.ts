// A Pix QR code that expires unpaid when the clock passes its expiration_date: the change is on the
// order's console timeline at that instant, caused by the clock, and no notification is sent, as
// the provider sends none (docs/sandbox-operations.md#the-clock,
// docs/webhooks.md#what-is-not-notified-a-pix-code-that-expires-unpaid).
import { afterAll, describe, expect } from 'vitest';
import { advanceClock } from '../../src/testing/sandbox-time';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/testing/webhook-receiver';
import { api, order } from './support/payments';
import { it } from './support/sandbox-test';

const receivers: WebhookReceiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

interface Entry {
  type: string;
  at: number;
  from?: string | null;
  to?: string;
  source?: string;
  resource_id?: string | null;
}

describe('a Pix code the clock expires', () => {
  it("shows WAITING → EXPIRED on its order's timeline at its expiration_date, by the clock, and queues no notification", async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const r = await startWebhookReceiver({ token: s.token });
    receivers.push(r);
    const pixOrder = (expiresInMs: number) =>
      api(
        s,
        'POST',
        '/orders',
        order(undefined, {
          notification_urls: [r.url],
          qr_codes: [
            {
              amount: { value: 5_000 },
              expiration_date: new Date(s.clock.now().getTime() + expiresInMs).toISOString(),
            },
          ],
        }),
      );
    const expiring = await pixOrder(3_600_000);
    const later = await pixOrder(86_400_000);
    expect(expiring.status).toBe(201);
    const code = expiring.body.qr_codes[0];

    await advanceClock(s, 2 * 3_600);
    // The sweep runs as the clock moves: by the time the advance has answered, anything it made is recorded.
    const { body } = await api(s, 'GET', `/sandbox/resources/${expiring.body.id}`);
    const changes = (body.timeline as Entry[]).filter((e) => e.type === 'state_change');
    expect(changes).toEqual([
      expect.objectContaining({
        from: 'WAITING',
        to: 'EXPIRED',
        source: 'clock',
        resource_id: code.id,
        at: Date.parse(code.expiration_date),
      }),
    ]);
    expect((body.timeline as Entry[]).filter((e) => e.type === 'event' || e.type === 'delivery_attempt')).toEqual([]);
    expect((await api(s, 'GET', `/sandbox/webhook-deliveries?resource=${expiring.body.id}`)).body.deliveries).toEqual(
      [],
    );
    expect((await api(s, 'GET', '/sandbox/webhook-deliveries')).body.deliveries).toEqual([]);
    // The order's page says it too, naming the code.
    const page = await (await fetch(`${s.apiUrl}/console/resources/${expiring.body.id}`)).text();
    const item = page.match(/<li><span class="kind">Status<\/span>[\s\S]*?<\/li>/)?.[0] ?? '';
    expect(item).toContain(`href="/console/resources/${code.id}"`);
    expect(item).toMatch(/WAITING<\/span> → <span class="status s-bad">EXPIRED/);
    expect(item).toContain(`datetime="${new Date(Date.parse(code.expiration_date)).toISOString()}"`);
    expect(item).toContain('by the clock');
    // The order answers as before: no charge, the code EXPIRED in the console's list of codes.
    const read = await api(s, 'GET', `/orders/${expiring.body.id}`);
    expect(read.body.charges ?? []).toEqual([]);
    const listed = await api(s, 'GET', `/sandbox/resources?kind=qr_code&id=${code.id}`);
    expect(listed.body.resources[0].status).toBe('EXPIRED');

    // The same receiver and sandbox do get a notification when a code is paid: the silence above is the rule, not a broken URL.
    expect((await api(s, 'POST', `/sandbox/qr-codes/${later.body.qr_codes[0].id}/pay`)).status).toBe(200);
    const paid = await r.waitFor((d) => d.eventType === 'CHARGE.PAID');
    expect((paid.body as { id: string }).id).toBe(later.body.id);
    expect(r.deliveries.filter((d) => (d.body as { id?: string }).id === expiring.body.id)).toEqual([]);
  });
});

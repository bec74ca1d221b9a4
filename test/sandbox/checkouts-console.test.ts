import { describe, expect } from 'vitest';
import { startWebhookReceiver } from '../../src/testing/webhook-receiver';
import { api } from './support/payments';
import { it } from './support/sandbox-test';

// The console's view of a checkout (docs/checkouts.md#the-console): listed with its status, and its
// timeline: created, the page opened, the payment attempts, the order, notifications, status changes.

describe('checkouts in the console', () => {
  it("lists checkouts by status and shows each one's timeline", async ({ sandbox }) => {
    const hook = await startWebhookReceiver({ token: sandbox.token });
    try {
      const created = await api(sandbox, 'POST', '/checkouts', {
        reference_id: 'console-1',
        customer: { name: 'Maria da Silva', email: 'maria@example.com', tax_id: '12345678909' },
        items: [{ name: 'Caneca', quantity: 1, unit_amount: 3500 }],
        payment_methods: [{ type: 'PIX' }],
        notification_urls: [hook.url],
      });
      const id = created.body.id as string;
      const page = `${sandbox.apiUrl}/pay/${id}`;
      expect((await fetch(page)).status).toBe(200);
      const refused = await fetch(`${page}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'BOLETO' }),
      });
      expect(refused.status).toBe(400);
      const order = await (
        await fetch(`${page}/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: 'PIX' }),
        })
      ).json();
      await api(sandbox, 'POST', `/checkouts/${id}/inactivate`);
      await hook.waitFor((d) => d.eventType === 'CHECKOUT.INACTIVE');
      await api(sandbox, 'GET', `/checkouts/${id}`);

      const list = (await api(sandbox, 'GET', '/sandbox/resources?kind=checkout&status=INACTIVE')).body.resources;
      expect(list.map((r: { id: string }) => r.id)).toContain(id);
      const { resource, timeline } = (await api(sandbox, 'GET', `/sandbox/resources/${id}`)).body;
      expect(resource).toMatchObject({ kind: 'checkout', status: 'INACTIVE', reference_id: 'console-1' });
      expect(resource.links).toContain(order.id);
      const requests = timeline
        .filter((e: { type: string }) => e.type === 'request')
        .map(
          (e: { request: { method: string; path: string; status: number } }) =>
            `${e.request.method} ${e.request.path} ${e.request.status}`,
        );
      expect(requests).toEqual([
        'POST /checkouts 201',
        `GET /pay/${id} 200`,
        `POST /pay/${id}/payments 400`,
        `POST /pay/${id}/payments 201`,
        `POST /checkouts/${id}/inactivate 200`,
        `GET /checkouts/${id} 200`,
      ]);
      const changes = timeline
        .filter((e: { type: string }) => e.type === 'state_change')
        .map((e: { from: string | null; to: string }) => [e.from, e.to]);
      expect(changes).toEqual([
        [null, 'ACTIVE'],
        ['ACTIVE', 'INACTIVE'],
      ]);
      expect(
        timeline.some(
          (e: { type: string }) =>
            e.type === 'event' && (e as { event_type?: string }).event_type === 'CHECKOUT.INACTIVE',
        ),
      ).toBe(true);

      // The console's page of the list and of the checkout.
      const listPage = await fetch(`${sandbox.apiUrl}/console/checkouts`);
      expect(await listPage.text()).toContain(id);
      const one = await (await fetch(`${sandbox.apiUrl}/console/resources/${id}`)).text();
      expect(one).toContain('Checkout');
      expect(one).toContain('Activate');
    } finally {
      await hook.close();
    }
  });
});

import { describe, expect } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/testing/webhook-receiver';
import { api, cardCharge, order } from './support/payments';
import { it } from './support/sandbox-test';

// Short retry delays: the retry test waits for a second attempt.
it.override('sandboxOptions', { webhooks: { retryDelaysMs: [10, 20, 40] } });

const receivers: WebhookReceiver[] = [];
const receiver = async (options: Parameters<typeof startWebhookReceiver>[0]) => {
  const r = await startWebhookReceiver(options);
  receivers.push(r);
  return r;
};
it.afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe("the testing kit's webhook receiver", () => {
  it('gets the order as GET /orders/{id} answers it, authentic and signed', async ({ sandbox }) => {
    const r = await receiver({ token: sandbox.token, secret: sandbox.webhookSecret });
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    expect(created.status).toBe(201);

    const paid = await r.waitFor((d) => d.eventType === 'CHARGE.PAID');
    expect(paid).toMatchObject({ authentic: true, signed: true, attempt: 1 });
    expect(paid.eventId).toMatch(/^EVT_/);
    expect(paid.body).toEqual((await api(sandbox, 'GET', `/orders/${created.body.id}`)).body);
    expect(JSON.parse(paid.rawBody)).toEqual(paid.body);
  });

  it('says false for another token and secret, and undefined for checks it was not given', async ({ sandbox }) => {
    const wrong = await receiver({ token: `${sandbox.token}x`, secret: 'whsec_another' });
    const unchecked = await receiver({});
    await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [wrong.url, unchecked.url] }));

    expect(await wrong.waitFor()).toMatchObject({ authentic: false, signed: false });
    expect(await unchecked.waitFor()).toMatchObject({ authentic: undefined, signed: undefined });
  });

  it('answers the status its function picks, so a test watches the sandbox retry the same event', async ({
    sandbox,
  }) => {
    const r = await receiver({ token: sandbox.token, status: (d) => (d.attempt === 1 ? 500 : 204) });
    await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));

    const retried = await r.waitFor((d) => d.attempt === 2);
    expect(retried.eventId).toBe(r.deliveries[0]!.eventId);
    expect(retried.authentic).toBe(true);
    // Delivered at the second attempt: nothing more comes, and a wait for it names what did.
    await expect(r.waitFor((d) => d.attempt === 3, { timeoutMs: 300 })).rejects.toThrow(
      /no matching delivery in 300 ms; received: CHARGE\.PAID \(attempt 1\), CHARGE\.PAID \(attempt 2\)/,
    );
  });
});

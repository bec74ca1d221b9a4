// Webhook retries follow the sandbox's clock (docs/webhooks.md#retries): with the default delays
// (1 s, 5 s, 30 s, 2 min, 10 min), moving the clock past each due time sends the next attempt, so a
// test watches the whole schedule without waiting minutes; every time of a delivery is sandbox time.
import { afterAll, describe, expect } from 'vitest';
import { advanceClock } from '../../src/testing/sandbox-time';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/testing/webhook-receiver';
import { api, cardCharge, order } from './support/payments';
import { it } from './support/sandbox-test';

const receivers: WebhookReceiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

describe('webhook retries on the sandbox clock', () => {
  it('sends each retry as the clock passes its due time, then gives up, all in sandbox time', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const r = await startWebhookReceiver({ token: s.token, status: 500 });
    receivers.push(r);
    const created = await api(s, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    expect(created.status).toBe(201);
    await r.waitFor((d) => d.attempt === 1);

    // The default delays, each passed by the clock: 30 s, 2 min and 10 min would not come in real time.
    for (const [attempt, seconds] of [
      [2, 1],
      [3, 5],
      [4, 30],
      [5, 120],
      [6, 600],
    ] as const) {
      await advanceClock(s, seconds);
      await r.waitFor((d) => d.attempt === attempt, { timeoutMs: 5_000 });
    }
    expect(new Set(r.deliveries.map((d) => d.eventId)).size).toBe(1);

    // Each attempt recorded at its sandbox time, the next one due after it on the same clock.
    let deliveries = (await api(s, 'GET', '/sandbox/webhook-deliveries')).body.deliveries;
    for (let i = 0; deliveries[0].state !== 'given_up' && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      deliveries = (await api(s, 'GET', '/sandbox/webhook-deliveries')).body.deliveries;
    }
    const [delivery] = deliveries;
    expect(delivery.state).toBe('given_up');
    const attempts = delivery.attempts as Array<{ at: number; next_retry_at: number | null }>;
    expect(attempts).toHaveLength(6);
    for (const [i, a] of attempts.entries()) {
      expect(a.at).toBeGreaterThanOrEqual(delivery.created_at);
      if (i < 5) {
        expect(a.next_retry_at).toBeGreaterThan(a.at);
        expect(attempts[i + 1]!.at).toBeGreaterThanOrEqual(a.next_retry_at!);
      } else expect(a.next_retry_at).toBeNull();
    }
  });

  it('a retry nobody moves the clock for waits its delay in real time', async ({ startSandbox }) => {
    const s = await startSandbox({ webhooks: { retryDelaysMs: [60_000] } });
    const r = await startWebhookReceiver({ token: s.token, status: 500 });
    receivers.push(r);
    await api(s, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    await r.waitFor((d) => d.attempt === 1);
    const [delivery] = (await api(s, 'GET', '/sandbox/webhook-deliveries')).body.deliveries;
    expect(delivery.next_attempt.attempt).toBe(2);
    // Due a minute later on the same clock as its creation, and not sent before.
    expect(delivery.next_attempt.due_at - delivery.created_at).toBeGreaterThanOrEqual(60_000);
    await expect(r.waitFor((d) => d.attempt === 2, { timeoutMs: 300 })).rejects.toThrow(/no matching delivery/);
    await advanceClock(s, 60);
    await r.waitFor((d) => d.attempt === 2, { timeoutMs: 5_000 });
  });
});

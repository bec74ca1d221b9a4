import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One notification as a merchant's receiver gets it (docs/webhooks.md). */
export interface ReceivedWebhook {
  /** The body byte for byte, as both checks hash it: parse it only after checking. */
  rawBody: string;
  /** The body parsed: the order as `GET /orders/{id}` answers it (a `POST /charges` charge: the charge). */
  body: unknown;
  /** Every header of the delivery, lower-case names. */
  headers: IncomingHttpHeaders;
  /** `x-gateway-event-type`, such as `CHARGE.PAID`. */
  eventType: string | undefined;
  /** `x-gateway-event-id`: the same on every attempt and resend of one event. */
  eventId: string | undefined;
  /** `x-gateway-delivery-attempt`: 1 for the first try. */
  attempt: number | undefined;
  /** Whether `x-authenticity-token` is the SHA-256 hex of `<token>-<rawBody>`; undefined without `token`. */
  authentic: boolean | undefined;
  /** Whether `x-gateway-signature` is the HMAC of `<t>.<rawBody>` keyed with `secret`; undefined without `secret`. */
  signed: boolean | undefined;
}

/** What {@link startWebhookReceiver} checks and answers. */
export interface WebhookReceiverOptions {
  /** The merchant's API token (`gateway.token`): each delivery's `authentic` is checked against it. */
  token?: string;
  /** The merchant's webhook secret (`whsec_…`): each delivery's `signed` is checked against it. */
  secret?: string;
  /**
   * The status the receiver answers, or a function of the delivery that picks it: answer 500 to
   * a first attempt to watch the sandbox retry. Default 204.
   */
  status?: number | ((delivery: ReceivedWebhook) => number);
}

/** A local notification URL for a test, and what it has received. */
export interface WebhookReceiver {
  /** The URL to put in an order's or charge's `notification_urls`. */
  url: string;
  /** Every delivery so far, in the order they arrived. */
  readonly deliveries: readonly ReceivedWebhook[];
  /**
   * Resolves with the first delivery, already received or still to come, that `match` accepts
   * (any delivery without it). Rejects after `timeoutMs` (default 10 s) naming what did arrive.
   */
  waitFor(match?: (delivery: ReceivedWebhook) => boolean, options?: { timeoutMs?: number }): Promise<ReceivedWebhook>;
  /** Stops listening; deliveries still on their way then fail and the sandbox retries them. */
  close(): Promise<void>;
}

const sameText = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The `x-gateway-signature` check a receiver makes: `t=<seconds>,v1=<hex>` over `<t>.<raw body>`. */
function signatureMatches(value: string | undefined, secret: string, rawBody: string): boolean {
  const parts = new Map((value ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1) return false;
  return sameText(v1, createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
}

function receive(rawBody: string, headers: IncomingHttpHeaders, options: WebhookReceiverOptions): ReceivedWebhook {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  const attempt = Number(header(headers, 'x-gateway-delivery-attempt'));
  const { token, secret } = options;
  const authenticity = header(headers, 'x-authenticity-token') ?? '';
  return {
    rawBody,
    body,
    headers,
    eventType: header(headers, 'x-gateway-event-type'),
    eventId: header(headers, 'x-gateway-event-id'),
    attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : undefined,
    authentic:
      token === undefined
        ? undefined
        : sameText(authenticity, createHash('sha256').update(`${token}-${rawBody}`).digest('hex')),
    signed:
      secret === undefined ? undefined : signatureMatches(header(headers, 'x-gateway-signature'), secret, rawBody),
  };
}

/**
 * Starts a notification receiver on 127.0.0.1 for a test: put its `url` in `notification_urls`,
 * then `await receiver.waitFor(...)` the delivery and assert on its body and checks. It answers
 * like a merchant's server would (204 by default), so the sandbox records a delivered attempt.
 * Close it when the test ends.
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const deliveries: ReceivedWebhook[] = [];
  const waiting = new Set<{ match: (d: ReceivedWebhook) => boolean; done: (d: ReceivedWebhook) => void }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = receive(Buffer.concat(chunks).toString('utf8'), req.headers, options);
      deliveries.push(delivery);
      const { status = 204 } = options;
      res.writeHead(typeof status === 'function' ? status(delivery) : status).end();
      for (const waiter of waiting) {
        if (waiter.match(delivery)) {
          waiting.delete(waiter);
          waiter.done(delivery);
        }
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    deliveries,
    waitFor(match = () => true, { timeoutMs = 10_000 } = {}) {
      const seen = deliveries.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          done: (delivery: ReceivedWebhook) => {
            clearTimeout(timer);
            resolve(delivery);
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          const got = deliveries.map((d) => `${d.eventType ?? '?'} (attempt ${d.attempt ?? '?'})`).join(', ');
          reject(new Error(`webhook receiver: no matching delivery in ${timeoutMs} ms; received: ${got || 'none'}`));
        }, timeoutMs);
        waiting.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

import * as z from 'zod/mini';
import type { SandboxDeps } from '../app-env';
import { readPageScript } from '../challenge/challenge-assets';
import { checkoutOffer, payCheckout, payRequestSchema, type PayRequest } from '../checkouts/checkout-payments';
import { customerModifiable } from '../checkouts/checkout-request';
import { checkoutStatus, type CheckoutRecord } from '../checkouts/checkout-store';
import { payPage, type PayPageData } from '../checkouts/pay-page';
import { PAY_PAGE_CSS } from '../checkouts/pay-page-styles';
import { cspHash } from '../challenge/challenge-assets';
import { NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { described } from '../http/described';
import { originOf } from '../http/change-origin';
import { defineRoute, type Route } from '../http/route';
import { html, idParams, json, type IdParams } from '../http/route-answers';
import { orderResource } from '../orders/order-resource';
import { orderResponse } from '../openapi/response-schemas';
import { ID_PREFIXES, resourceId } from '../values/resource-id';
import { fileURLToPath } from 'node:url';
import { answerJson } from '../http/json-answer';

const notFound = () => ApiError.of(404, NOT_FOUND, 'checkout_id', 'No such checkout.');
const noOrder = () => ApiError.of(404, NOT_FOUND, 'order_id', 'No such order of this checkout.');

/** The page script as built now: beside the built sandbox, or in dist/sandbox when tests run the sources. */
function payScript() {
  for (const p of ['./checkout-pay.js', '../../../dist/sandbox/checkout-pay.js']) {
    const script = readPageScript(fileURLToPath(new URL(p, import.meta.url)));
    if (script) return script;
  }
  return undefined;
}

/**
 * The page's CSP: its inline script and stylesheet by their hashes, the SDK's files and the page's
 * endpoints on its own origin, the card fields' and challenge's frames on the challenge origin
 * (which the SDK's 3DS Method form posts to), the Pix image from its own origin; no other host.
 */
const payCsp = (challengeUrl: string, scriptHash = '') =>
  `default-src 'none'; script-src 'self' ${scriptHash}; style-src ${cspHash(PAY_PAGE_CSS)}; img-src 'self'; ` +
  `connect-src 'self'; frame-src ${challengeUrl}; form-action ${challengeUrl}; base-uri 'none'; frame-ancestors 'none'`;

const orderParams = {
  schema: z.strictObject({
    id: described(resourceId(ID_PREFIXES.checkout), "The checkout's id (CHEC_<uuid>)."),
    order_id: described(resourceId(ID_PREFIXES.order), "An order the checkout's page made (ORDE_<uuid>)."),
  }),
  refused: noOrder,
};
interface OrderParams {
  id: string;
  order_id: string;
}

/** The checkout and one of the orders its page made, or a 404. */
function checkoutOrder(deps: SandboxDeps, params: OrderParams): { c: CheckoutRecord; orderId: string } {
  const c = deps.checkouts.getPublic(params.id);
  if (!c) throw notFound();
  if (!deps.checkouts.orderIds(c.id).includes(params.order_id)) throw noOrder();
  return { c, orderId: params.order_id };
}

const orderNow = (deps: SandboxDeps, c: CheckoutRecord, orderId: string) => {
  const order = deps.orders.get(orderId, c.merchantId)!;
  const now = deps.clock.now().getTime();
  return orderResource(order, deps.charges.listByOrder(orderId), deps.qrCodes.listByOrder(orderId), deps.apiUrl, now);
};

/**
 * The hosted pay page of a checkout (docs/checkouts.md#the-pay-page) and the endpoints its script
 * calls, on the API origin. No credential: the checkout's id, unguessable, is the page's address, as
 * a payment link is; the merchant API's token never reaches the browser.
 */
export const CHECKOUT_PAY_ROUTES: Route[] = [
  defineRoute<undefined, undefined, IdParams>({
    operationId: 'getCheckoutPayPage',
    method: 'get',
    path: '/pay/{id}',
    origin: 'api',
    tag: 'Checkouts',
    summary: "A checkout's pay page (its PAY link), in Portuguese",
    security: 'none',
    params: idParams(ID_PREFIXES.checkout, 'checkout', notFound),
    responses: {
      '200': html('The page: the cart and the form, or a notice when the checkout takes no payment.', {
        headers: {
          'content-security-policy': {
            description:
              "The page's own script and stylesheet by hash, the API's origin, the challenge origin's frames.",
            required: true,
            schema: { type: 'string' },
          },
        },
      }),
    },
    errors: [404],
    handle:
      (deps) =>
      async (c, { params }) => {
        const checkout = deps.checkouts.getPublic(params.id);
        if (!checkout) throw notFound();
        const merchant = deps.merchants.get(checkout.merchantId)!;
        // The request log keeps the page's opening under the checkout's account: its console timeline.
        c.set('merchant', merchant);
        const now = deps.clock.now().getTime();
        const status = checkoutStatus(checkout, now);
        const offer = checkoutOffer(checkout, merchant);
        const customer = checkout.body.customer;
        const askCustomer = customerModifiable(checkout.body);
        const cards = status === 'ACTIVE' && offer.methods.some((m) => m === 'CREDIT_CARD' || m === 'DEBIT_CARD');
        // A page that takes cards gets an SDK session and the account's public key (made on first need).
        const publicKey = cards
          ? (deps.publicKeys.current(merchant.id) ?? (await deps.publicKeys.create(merchant.id))).publicKey
          : undefined;
        const data: PayPageData = {
          checkoutId: checkout.id,
          total: offer.total,
          methods: offer.methods,
          plans: offer.plans.map((p) => ({ ...p, amount: p.amount.value })),
          askCustomer,
          ...(!askCustomer &&
            customer && {
              // Whole when the page does not ask (customerModifiable).
              payer: {
                name: customer.name!,
                email: customer.email!,
                ...(customer.phone && { phone: { area: customer.phone.area, number: customer.phone.number } }),
              },
            }),
          ...(cards && { session: deps.sessions.create(merchant.id).session, publicKey }),
          ...(checkout.body.redirect_url && { redirectUrl: checkout.body.redirect_url }),
        };
        const script = payScript();
        c.header('content-security-policy', payCsp(deps.challengeUrl, script?.cspSource));
        c.header('cache-control', 'no-store');
        c.header('referrer-policy', 'no-referrer');
        c.header('x-content-type-options', 'nosniff');
        return c.html(payPage(checkout, status, merchant.name, offer, data, script));
      },
  }),
  defineRoute<PayRequest, undefined, IdParams>({
    operationId: 'payCheckout',
    method: 'post',
    path: '/pay/{id}/payments',
    origin: 'api',
    tag: 'Checkouts',
    summary: "The pay page's payment: an order made as POST /orders makes it, linked to the checkout",
    security: 'none',
    params: idParams(ID_PREFIXES.checkout, 'checkout', notFound),
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'CheckoutPayment', schema: payRequestSchema() },
      example: {
        method: 'PIX',
        customer: { name: 'Maria da Silva', email: 'maria@example.com', tax_id: '12345678909' },
      },
    },
    responses: { '201': json('Order', orderResponse, 'The order, with its charge or its Pix QR code.') },
    errors: [400, 404, 409, 413, 415],
    handle:
      (deps) =>
      (c, { params, body }) => {
        const checkout = deps.checkouts.getPublic(params.id);
        if (!checkout) throw notFound();
        // Each payment attempt, refused ones too, in the checkout's console timeline (the request log).
        c.set('merchant', deps.merchants.get(checkout.merchantId)!);
        const { order, charges, qrCodes } = payCheckout(deps, deps.clock, checkout, body, originOf(c));
        const now = deps.clock.now().getTime();
        return answerJson(c, orderResource(order, charges, qrCodes, deps.apiUrl, now), 201);
      },
  }),
  defineRoute<undefined, undefined, OrderParams>({
    operationId: 'getCheckoutPayOrder',
    method: 'get',
    path: '/pay/{id}/orders/{order_id}',
    origin: 'api',
    tag: 'Checkouts',
    summary: 'An order the pay page made, as it is now: the page follows a Pix payment with it',
    security: 'none',
    params: orderParams,
    responses: { '200': json('Order', orderResponse, 'The order.') },
    errors: [404],
    handle:
      (deps) =>
      (c, { params }) => {
        const { c: checkout, orderId } = checkoutOrder(deps, params);
        c.header('cache-control', 'no-store');
        return answerJson(c, orderNow(deps, checkout, orderId));
      },
  }),
  defineRoute<undefined, undefined, OrderParams>({
    operationId: 'simulateCheckoutPixPayment',
    method: 'post',
    path: '/pay/{id}/orders/{order_id}/pix-payment',
    origin: 'api',
    tag: 'Checkouts',
    summary:
      "Sandbox only: the payer's bank pays the Pix code of an order the pay page made (its Simular pagamento button)",
    security: 'none',
    params: orderParams,
    responses: { '200': json('Order', orderResponse, 'The order, paid.') },
    errors: [404, 409],
    handle:
      (deps) =>
      (c, { params }) => {
        const { c: checkout, orderId } = checkoutOrder(deps, params);
        const code = deps.qrCodes.listByOrder(orderId)[0];
        if (!code) throw noOrder();
        // The page's sandbox-only button stands for the payer's bank: the simulator's cause, as POST /sandbox/qr-codes/{id}/pay.
        deps.qrCodePayments.pay(code.id, checkout.merchantId, { cause: 'simulator', traceId: c.get('traceId') });
        return answerJson(c, orderNow(deps, checkout, orderId));
      },
  }),
];

import { orderResponse } from '../openapi/response-schemas';
import { orderResource } from '../orders/order-resource';
import { qrCodeNotFound } from '../pix/qr-code-payments';
import { defineRoute, type Route } from '../http/route';
import { idParams, json } from '../http/route-answers';
import { ID_PREFIXES } from '../values/resource-id';
import { originOf } from '../http/change-origin';
import { answerJson } from '../http/json-answer';

/**
 * The sandbox's Pix simulator, standing in for the payer's bank (no body), beside the boleto one:
 * POST /sandbox/qr-codes/{qr_code_id}/pay: the order gains a PAID PIX charge of the code's amount;
 * POST /sandbox/qr-codes/{qr_code_id}/expire: the code stops being payable now.
 * Both answer the order as GET /orders/{id} shows it. Merchant bearer token.
 */
export const PIX_SIMULATOR_ROUTES: Route[] = (['pay', 'expire'] as const).map((outcome) =>
  defineRoute({
    operationId: outcome === 'pay' ? 'simulateQrCodePaid' : 'simulateQrCodeExpired',
    method: 'post',
    path: `/sandbox/qr-codes/{id}/${outcome}`,
    origin: 'api',
    tag: 'Sandbox',
    summary:
      outcome === 'pay'
        ? "Sandbox only: the payer's bank pays a Pix QR code (the order gains a PAID PIX charge)"
        : 'Sandbox only: a Pix QR code expires unpaid now',
    security: 'bearer',
    params: idParams(ID_PREFIXES.qrCode, 'QR code', qrCodeNotFound),
    responses: { '200': json('Order', orderResponse, 'The order as it now is.') },
    errors: [401, 404, 409],
    handle:
      (deps) =>
      (c, { params }) => {
        const merchantId = c.get('merchant').id;
        const { qrCodePayments } = deps;
        const done =
          outcome === 'pay'
            ? qrCodePayments.pay(params.id, merchantId, originOf(c))
            : qrCodePayments.expire(params.id, merchantId, originOf(c));
        return answerJson(c, orderResource(done.order, done.charges, done.qrCodes, deps.apiUrl, done.now));
      },
  }),
);

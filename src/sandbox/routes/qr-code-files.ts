import { NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { renderQrPng } from '../pix/qr-code-png';
import { defineRoute, type Route } from '../http/route';
import { NO_STORE_HEADER, idPath } from '../http/route-answers';
import { ID_PREFIXES, isId } from '../values/resource-id';

/**
 * GET /qrcode/{qr_code_id}/png and /base64: a Pix QR code's image, and the same PNG as base64
 * text, the targets of its QRCODE.PNG and QRCODE.BASE64 links. No token, like the boleto files:
 * the shopper's browser shows the image, and the random UUID in the id keeps it private.
 */
export const QR_CODE_FILE_ROUTE: Route = defineRoute({
  operationId: 'getQrCodeImage',
  method: 'get',
  path: '/qrcode/{id}/{kind}',
  origin: 'api',
  tag: 'Orders',
  summary: "A Pix QR code's image as PNG, or the same PNG in base64 (the targets of its QRCODE links; no token)",
  security: 'none',
  parameters: [
    idPath('id', 'QRCO_', 'QR code'),
    {
      name: 'kind',
      in: 'path',
      required: true,
      description: '`png` for the image, `base64` for the same PNG as base64 text.',
      schema: { type: 'string', enum: ['png', 'base64'] },
    },
  ],
  responses: {
    '200': {
      description: 'The PNG (image/png) or its base64 text (text/plain), by the kind asked for.',
      contentType: 'image/png',
      alsoContentTypes: ['text/plain'],
      headers: NO_STORE_HEADER,
    },
  },
  errors: [404],
  handle: (deps) => (c) => {
    const kind = c.req.param('kind');
    const id = c.req.param('id')!;
    const code = isId(ID_PREFIXES.qrCode, id) ? deps.qrCodes.getPublic(id) : undefined;
    if (!code || (kind !== 'png' && kind !== 'base64'))
      throw ApiError.of(404, NOT_FOUND, 'qr_code_id', 'No such QR code.');
    const png = renderQrPng(code.text);
    const headers = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };
    if (kind === 'png') return c.body(new Uint8Array(png), 200, { ...headers, 'content-type': 'image/png' });
    return c.body(png.toString('base64'), 200, { ...headers, 'content-type': 'text/plain' });
  },
});

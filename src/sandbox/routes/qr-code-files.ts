import { NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { renderQrPng } from '../pix/qr-code-png';
import * as z from 'zod/mini';
import { described } from '../http/described';
import { defineRoute, type Route } from '../http/route';
import { NO_STORE_HEADER } from '../http/route-answers';
import { ID_PREFIXES, resourceId } from '../values/resource-id';

const qrCodeFileParams = z.strictObject({
  id: described(resourceId(ID_PREFIXES.qrCode), "The QR code's id (QRCO_<uuid>)."),
  kind: described(z.enum(['png', 'base64']), '`png` for the image, `base64` for the same PNG as base64 text.'),
});

const noQrCode = () => ApiError.of(404, NOT_FOUND, 'qr_code_id', 'No such QR code.');

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
  // An unknown kind reads as an unknown code: this path has no other files.
  params: { schema: qrCodeFileParams, refused: () => noQrCode() },
  responses: {
    '200': {
      description: 'The PNG (image/png) or its base64 text (text/plain), by the kind asked for.',
      contentType: 'image/png',
      alsoContentTypes: ['text/plain'],
      headers: NO_STORE_HEADER,
    },
  },
  errors: [404],
  handle:
    (deps) =>
    (c, { params: { id, kind } }) => {
      const code = deps.qrCodes.getPublic(id);
      if (!code) throw noQrCode();
      const png = renderQrPng(code.text);
      const headers = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };
      if (kind === 'png') return c.body(new Uint8Array(png), 200, { ...headers, 'content-type': 'image/png' });
      return c.body(png.toString('base64'), 200, { ...headers, 'content-type': 'text/plain' });
    },
});

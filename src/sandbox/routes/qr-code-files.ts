import { Hono } from 'hono';
import { NOT_FOUND } from '../http/api-error-code';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { renderQrPng } from '../pix/qr-code-png';
import { ID_PREFIXES, isId } from '../values/resource-id';

/**
 * GET /qrcode/{qr_code_id}/png and /base64: a Pix QR code's image, and the same PNG as base64
 * text, the targets of its QRCODE.PNG and QRCODE.BASE64 links. No token, like the boleto files:
 * the shopper's browser shows the image, and the random UUID in the id keeps it private.
 */
export function qrCodeFileRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/qrcode/:id/:kind', (c) => {
    const kind = c.req.param('kind');
    const id = c.req.param('id');
    const code = isId(ID_PREFIXES.qrCode, id) ? deps.qrCodes.getPublic(id) : undefined;
    if (!code || (kind !== 'png' && kind !== 'base64'))
      throw ApiError.of(404, NOT_FOUND, 'qr_code_id', 'No such QR code.');
    const png = renderQrPng(code.text);
    const headers = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };
    if (kind === 'png') return c.body(new Uint8Array(png), 200, { ...headers, 'content-type': 'image/png' });
    return c.body(png.toString('base64'), 200, { ...headers, 'content-type': 'text/plain' });
  });
  return app;
}

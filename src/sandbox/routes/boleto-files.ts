import * as z from 'zod/mini';
import { NOT_FOUND } from '../http/api-error-code';
import { renderBoletoPdf } from '../boleto/boleto-pdf';
import { paymentInstructionLines, templateTitle } from '../boleto/boleto-instructions';
import { addDays } from '../charges/charge-rules';
import { renderBarcodePng } from '../boleto/boleto-png';
import { freeFieldOf } from '../boleto/boleto-line';
import { formatCep, formatTaxId } from '../values/document-format';
import { formatBrl } from '../values/money';
import { ApiError } from '../http/api-error';
import { described } from '../http/described';
import { defineRoute, type Route } from '../http/route';
import { NO_STORE_HEADER } from '../http/route-answers';
import { UUID_PATTERN } from '../values/resource-id';

const noBoleto = () => ApiError.of(404, NOT_FOUND, 'boleto_id', 'No such boleto.');
const boletoFileParams = z.strictObject({
  file: described(
    z.string().check(z.regex(new RegExp(`^${UUID_PATTERN}\\.(pdf|png)$`))),
    'The boleto id (a UUID) then .pdf or .png.',
  ),
});

/**
 * GET /boletos/{boleto_id}.pdf and .png: the printable boleto and its barcode image, the
 * targets of a boleto charge's SELF links. No token: the payer opens them, and the random
 * UUID in the address is what keeps them private, as with any provider's boleto link.
 */
export const BOLETO_FILE_ROUTE: Route = defineRoute({
  operationId: 'getBoletoFile',
  method: 'get',
  path: '/boletos/{file}',
  origin: 'api',
  tag: 'Charges',
  summary: "A boleto's printable PDF or its barcode PNG (the targets of its SELF links; no token)",
  security: 'none',
  params: { schema: boletoFileParams, refused: noBoleto },
  responses: {
    '200': {
      description: 'The PDF (application/pdf) or the PNG (image/png), by the extension asked for.',
      contentType: 'application/pdf',
      alsoContentTypes: ['image/png'],
      headers: NO_STORE_HEADER,
    },
  },
  errors: [404],
  handle:
    (deps) =>
    (c, { params }) => {
      // A UUID has no dot: the name splits into the boleto id and the extension.
      const [boletoId, extension] = params.file.split('.') as [string, string];
      const charge = deps.charges.getByBoletoId(boletoId);
      const boleto = charge?.paymentMethod.boleto;
      if (!charge || !boleto) throw noBoleto();
      const headers = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };
      if (extension === 'png') {
        return c.body(new Uint8Array(renderBarcodePng(boleto.barcode)), 200, {
          ...headers,
          'content-type': 'image/png',
        });
      }
      const a = boleto.holder.address;
      const pdf = renderBoletoPdf({
        beneficiary: deps.merchants.get(charge.merchantId)?.name ?? charge.merchantId,
        payer: {
          name: boleto.holder.name,
          taxId: formatTaxId(boleto.holder.tax_id),
          address:
            `${a.street}, ${a.number}${a.complement ? ` ${a.complement}` : ''} - ${a.locality} - ` +
            `${a.city}/${a.region_code} - CEP ${formatCep(a.postal_code)}`,
        },
        dueDate: boleto.due_date,
        amount: formatBrl(charge.amount),
        // The merchant's two lines, then the payment instructions as a bank words them.
        instructions: [
          boleto.instruction_lines.line_1,
          boleto.instruction_lines.line_2,
          ...paymentInstructionLines(
            boleto.payment_instructions,
            boleto.days_until_expiration === undefined
              ? undefined
              : addDays(boleto.due_date, boleto.days_until_expiration),
          ),
        ],
        kind: templateTitle(boleto.template ?? 'COBRANCA'),
        // The last 11 digits of the free field the barcode carries, as a bank's nosso número.
        reference: freeFieldOf(boleto.id).slice(14),
        barcode: boleto.barcode,
        digitLine: boleto.formatted_barcode,
      });
      return c.body(new Uint8Array(pdf), 200, {
        ...headers,
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="boleto-${boleto.id}.pdf"`,
      });
    },
});

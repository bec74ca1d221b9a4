import * as z from 'zod/mini';
import { INVALID_PARAMETER, UNEXPECTED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { chargeShapeProblems, orderChargeSchema, validateCharge, type ChargeBody } from '../charges/charge-request';
import { personNameRule } from '../../core/field-rules';
import { address, cents, email, field, integer, notificationUrls, phones, taxId, text } from '../http/request-fields';
import { parseWithSchema, withCrossFieldProblems, type Parsed } from '../http/parse-with-schema';
import { expirationDateRule } from '../pix/expiration-date';
import { QR_CODE_ARRANGEMENTS } from '../pix/qr-code-store';
import { splitProblems, splitsSchema } from '../splits/split-request';
import { toCents } from '../values/money';

const item = () =>
  z.strictObject(
    {
      reference_id: z.optional(text(64)),
      name: text(100),
      quantity: integer(1, 99_999),
      unit_amount: cents(0),
    },
    { error: 'must be an item object with name, quantity and unit_amount' },
  );

/** A Pix QR code to create with the order (docs/pix.md): its amount, and when it stops being payable. */
const qrCode = () =>
  z.strictObject(
    {
      amount: z.strictObject({ value: cents(1) }, { error: 'must be an object with value (cents)' }),
      expiration_date: z.optional(field<number>(expirationDateRule, { type: 'string', format: 'date-time' })),
      // The payment's split among receivers, passed to the charge the payment makes (docs/splits.md).
      splits: z.optional(splitsSchema()),
      // PAGBANK beside PIX: the code may also be paid from the provider's wallet (docs/pix.md).
      arrangements: z.optional(
        z
          .array(z.enum(QR_CODE_ARRANGEMENTS, { error: 'must be PIX or PAGBANK' }), {
            error: 'must be a list of PIX and PAGBANK',
          })
          .check(
            z.minLength(1, 'must be a list of PIX and PAGBANK'),
            z.maxLength(2, 'must be a list of PIX and PAGBANK'),
          ),
      ),
    },
    { error: 'must be a QR code object with amount' },
  );

/**
 * The body of POST /orders. Required: `customer` (name, email, tax_id). Optional: reference_id,
 * items, shipping, notification_urls, and either `charges` with exactly one charge to pay at once
 * or `qr_codes` with exactly one Pix QR code for the shopper to pay.
 */
export const orderSchema = () =>
  z.strictObject(
    {
      reference_id: z.optional(text(64)),
      customer: z.strictObject(
        { name: field(personNameRule), email: email(), tax_id: taxId(), phones: z.optional(phones(1)) },
        { error: 'must be an object with name, email and tax_id' },
      ),
      items: z.optional(
        z
          .array(item(), { error: 'must be a list of items' })
          .check(
            z.minLength(1, 'must be a list of 1 to 100 items'),
            z.maxLength(100, 'must be a list of 1 to 100 items'),
          ),
      ),
      shipping: z.optional(z.strictObject({ address: address(false) }, { error: 'must be an object with address' })),
      notification_urls: z.optional(notificationUrls()),
      charges: z.optional(
        z
          .array(orderChargeSchema(), { error: 'must be a list with one charge' })
          .check(
            z.minLength(1, 'must hold one charge: leave charges out to create an order without payment'),
            z.maxLength(1, 'must hold exactly one charge'),
          ),
      ),
      qr_codes: z.optional(
        z
          .array(qrCode(), { error: 'must be a list with one QR code' })
          .check(
            z.minLength(1, 'must hold one QR code: leave qr_codes out to create an order without payment'),
            z.maxLength(1, 'must hold exactly one QR code'),
          ),
      ),
    },
    { error: 'must be an order object' },
  );

export type OrderBody = z.infer<ReturnType<typeof orderSchema>>;

const ORDER_SCHEMA = orderSchema();

/** A QR code's problems the schema cannot see: sent beside a charge, or already expired at `now`. */
function qrCodeProblems(body: { charges?: unknown; qr_codes?: unknown }, now: number): ErrorItem[] {
  if (!Array.isArray(body.qr_codes)) return [];
  if (body.charges !== undefined)
    return [
      {
        code: UNEXPECTED_PARAMETER,
        parameterName: 'qr_codes',
        description: 'qr_codes cannot be sent with charges: an order is paid by a charge or by a Pix QR code',
      },
    ];
  return body.qr_codes.flatMap((q, i) => {
    const at = `qr_codes[${i}].expiration_date`;
    const code = q as { expiration_date?: unknown; splits?: unknown; amount?: { value?: unknown } } | null;
    const when = expirationDateRule.normalise(code?.expiration_date);
    return [
      ...(typeof when === 'number' && when <= now
        ? [{ code: INVALID_PARAMETER, parameterName: at, description: `${at} must be in the future` }]
        : []),
      ...splitProblems(code?.splits, toCents(code?.amount?.value), `qr_codes[${i}].`),
    ];
  });
}

/** Validates a POST /orders body at `now`: the schema, then each charge's and QR code's cross-field rules (`strict`: see chargeShapeProblems). */
export function validateOrder(body: unknown, now: number, strict = true): Parsed<OrderBody> {
  const value = body as { charges?: unknown; qr_codes?: unknown };
  const parsed = parseWithSchema(ORDER_SCHEMA, value);
  const charges = value.charges;
  return withCrossFieldProblems(parsed, [
    ...(Array.isArray(charges) ? charges.flatMap((c, i) => chargeShapeProblems(c, `charges[${i}].`, strict)) : []),
    ...qrCodeProblems(value, now),
  ]);
}

/** The provider's form of POST /orders/{id}/pay: the charge inside `charges`, as in POST /orders. */
const chargesWrapper = () =>
  z.strictObject(
    {
      charges: z
        .array(orderChargeSchema(), { error: 'must be a list with one charge' })
        .check(z.minLength(1, 'must hold one charge'), z.maxLength(1, 'must hold exactly one charge')),
    },
    { error: 'must be a charge object, or an object with charges holding one charge' },
  );

/**
 * The body of POST /orders/{id}/pay for the OpenAPI document: the provider's `{ charges: [ … ] }`,
 * or the one charge's fields at the top level, which the sandbox has always taken.
 */
export const orderPaymentSchema = () => z.union([chargesWrapper(), orderChargeSchema()]);

/** An order's payment: the charge, and where it sat in the body (`charges[0].` or empty), for error items. */
export interface OrderPayment {
  charge: ChargeBody;
  at: string;
}

const CHARGES_WRAPPER = chargesWrapper();

/** Validates a POST /orders/{id}/pay body in either form (`strict`: see chargeShapeProblems). */
export function validateOrderPayment(body: Record<string, unknown>, strict = true): Parsed<OrderPayment> {
  if (!('charges' in body)) {
    const parsed = validateCharge(body, 'order', strict);
    return parsed.ok ? { ok: true, value: { charge: parsed.value, at: '' } } : parsed;
  }
  const charges = body.charges;
  const parsed = withCrossFieldProblems(
    parseWithSchema(CHARGES_WRAPPER, body),
    Array.isArray(charges) ? charges.flatMap((c, i) => chargeShapeProblems(c, `charges[${i}].`, strict)) : [],
  );
  return parsed.ok ? { ok: true, value: { charge: parsed.value.charges[0]!, at: 'charges[0].' } } : parsed;
}

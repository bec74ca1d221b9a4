import * as z from 'zod/mini';
import { chargeShapeProblems, orderChargeSchema } from '../charges/charge-request';
import { personNameRule } from '../../core/field-rules';
import { address, cents, email, field, integer, notificationUrls, phones, taxId, text } from '../http/request-fields';
import { parseWithSchema, withCrossFieldProblems, withoutNulls, type Parsed } from '../http/parse-with-schema';

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

/**
 * The body of POST /orders. Required: `customer` (name, email, tax_id). Optional: reference_id,
 * items, shipping, notification_urls, and `charges` with exactly one charge to pay at once.
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
    },
    { error: 'must be an order object' },
  );

export type OrderBody = z.infer<ReturnType<typeof orderSchema>>;

let schema: ReturnType<typeof orderSchema> | undefined;

/** Validates a POST /orders body: the schema, then each charge's cross-field rules. */
export function validateOrder(body: unknown): Parsed<OrderBody> {
  const value = withoutNulls(body);
  const parsed = parseWithSchema((schema ??= orderSchema()), value);
  const charges = (value as { charges?: unknown }).charges;
  return withCrossFieldProblems(
    parsed,
    Array.isArray(charges) ? charges.flatMap((c, i) => chargeShapeProblems(c, `charges[${i}].`, 'order')) : [],
  );
}

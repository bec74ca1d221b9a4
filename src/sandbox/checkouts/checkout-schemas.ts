import * as z from 'zod/mini';
import { address, orderResponse } from '../openapi/response-schemas';
import { ID_PREFIXES, idPattern } from '../values/resource-id';
import { CHECKOUT_METHODS } from './checkout-request';
import type { CheckoutResource } from './checkout-resource';

/**
 * A checkout as the API answers it (POST /checkouts, GET /checkouts/{id}, activate, inactivate),
 * for the OpenAPI document and the contract checks, strict like the other answers
 * (openapi/response-schemas.ts).
 */
const time = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/));
const cents = () => z.int().check(z.minimum(0));

export const checkoutResponse = z.strictObject({
  id: z.string().check(z.regex(new RegExp(idPattern(ID_PREFIXES.checkout)))),
  reference_id: z.optional(z.string()),
  status: z.enum(['ACTIVE', 'INACTIVE', 'EXPIRED']),
  created_at: time(),
  expiration_date: time(),
  customer: z.optional(
    z.strictObject({
      name: z.optional(z.string()),
      email: z.optional(z.string()),
      tax_id: z.optional(z.string()),
      phone: z.optional(z.strictObject({ country: z.string(), area: z.string(), number: z.string() })),
    }),
  ),
  customer_modifiable: z.boolean(),
  items: z.array(
    z.strictObject({
      reference_id: z.optional(z.string()),
      name: z.optional(z.string()),
      description: z.optional(z.string()),
      quantity: z.int(),
      unit_amount: cents(),
      image_url: z.optional(z.string()),
    }),
  ),
  additional_amount: z.optional(cents()),
  discount_amount: z.optional(cents()),
  shipping: z.optional(
    z.strictObject({
      type: z.enum(['FREE', 'FIXED', 'CALCULATE']),
      service_type: z.optional(z.enum(['PAC', 'SEDEX'])),
      amount: z.optional(cents()),
      address: z.optional(address),
      address_modifiable: z.optional(z.boolean()),
    }),
  ),
  payment_methods: z.array(z.strictObject({ type: z.enum(CHECKOUT_METHODS), brands: z.optional(z.array(z.string())) })),
  payment_methods_configs: z.optional(
    z.array(
      z.strictObject({
        type: z.enum(['CREDIT_CARD', 'DEBIT_CARD']),
        config_options: z.array(
          z.strictObject({ option: z.enum(['INSTALLMENTS_LIMIT', 'INTEREST_FREE_INSTALLMENTS']), value: z.int() }),
        ),
      }),
    ),
  ),
  soft_descriptor: z.optional(z.string()),
  redirect_url: z.optional(z.string()),
  return_url: z.optional(z.string()),
  notification_urls: z.array(z.string()),
  payment_notification_urls: z.array(z.string()),
  orders: z.array(orderResponse),
  links: z.array(
    z.strictObject({
      rel: z.enum(['SELF', 'PAY', 'INACTIVATE', 'ACTIVATE']),
      href: z.url(),
      media: z.string(),
      type: z.enum(['GET', 'POST']),
    }),
  ),
});

type Accepts<Schema, Resource extends Schema> = Resource;
/** @public Exported only so the compiler checks the resource against the schema; nothing imports it. */
export type CheckoutResponseCheck = Accepts<z.infer<typeof checkoutResponse>, CheckoutResource>;

/** A payment link for one item, card in up to 6 installments (3 without interest), Pix or boleto: the example of POST /checkouts. */
export const CHECKOUT_EXAMPLE = {
  reference_id: 'pedido-2001',
  customer: { name: 'Maria da Silva', email: 'maria@example.com', tax_id: '12345678909' },
  customer_modifiable: true,
  items: [{ reference_id: 'sku-1', name: 'Camiseta', quantity: 2, unit_amount: 5000 }],
  discount_amount: 500,
  shipping: { type: 'FIXED', amount: 1500 },
  payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }, { type: 'BOLETO' }],
  payment_methods_configs: [
    {
      type: 'CREDIT_CARD',
      config_options: [
        { option: 'INSTALLMENTS_LIMIT', value: '6' },
        { option: 'INTEREST_FREE_INSTALLMENTS', value: '3' },
      ],
    },
  ],
  soft_descriptor: 'LOJA EXEMPLO',
  redirect_url: 'https://shop.example/obrigado',
  return_url: 'https://shop.example/carrinho',
  notification_urls: ['https://shop.example/notifications/checkout'],
  payment_notification_urls: ['https://shop.example/notifications/payment'],
};

import * as z from 'zod/mini';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { personNameRule } from '../../core/field-rules';
import { parseWithSchema, withCrossFieldProblems, type Parsed } from '../http/parse-with-schema';
import {
  address,
  booleanField,
  cents,
  digits,
  email,
  field,
  httpUrl,
  integer,
  notificationUrls,
  taxId,
  text,
} from '../http/request-fields';
import { expirationDateRule } from '../pix/expiration-date';
import { MAX_AMOUNT_CENTS } from '../values/money';

/** The ways a checkout's page may take payment (docs/checkouts.md#payment-methods). */
export const CHECKOUT_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'BOLETO'] as const;

/** The installment options a card method's config may set (docs/checkouts.md#installments). */
const CONFIG_OPTIONS = ['INSTALLMENTS_LIMIT', 'INTEREST_FREE_INSTALLMENTS'] as const;
const SHIPPING_TYPES = ['FREE', 'FIXED', 'CALCULATE'] as const;

const item = () =>
  z.strictObject(
    {
      reference_id: z.optional(text(64)),
      name: z.optional(text(100)),
      description: z.optional(text(255)),
      quantity: integer(1, 99_999),
      unit_amount: cents(0),
      image_url: z.optional(httpUrl()),
    },
    { error: 'must be an item object with name (or description), quantity and unit_amount' },
  );

/**
 * The customer the page starts from, whole or in part (the page asks for the rest). The provider
 * writes one phone with a country code that may start with "+" ("+55"); the sign is dropped.
 */
const customer = () =>
  z.strictObject(
    {
      name: z.optional(field(personNameRule)),
      email: z.optional(email()),
      tax_id: z.optional(taxId()),
      phone: z.optional(
        z.strictObject(
          {
            country: z.pipe(
              z.transform((v: unknown) => (typeof v === 'string' ? v.replace(/^\+/, '') : v)),
              digits(1, 3, 'must be the country calling code, 1 to 3 digits, such as "+55" or "55"'),
            ),
            area: digits(1, 3, 'must be the area code, 1 to 3 digits, such as "11"'),
            number: digits(8, 9, 'must be 8 or 9 digits'),
          },
          { error: 'must be a phone object with country, area and number' },
        ),
      ),
    },
    { error: 'must be a customer object' },
  );

const shipping = () =>
  z.strictObject(
    {
      type: z.enum(SHIPPING_TYPES, { error: 'must be one of FREE, FIXED, CALCULATE' }),
      service_type: z.optional(z.enum(['PAC', 'SEDEX'], { error: 'must be PAC or SEDEX' })),
      amount: z.optional(cents(0)),
      address: z.optional(address(false)),
      address_modifiable: z.optional(booleanField()),
    },
    { error: 'must be an object with type' },
  );

const paymentMethod = () =>
  z.strictObject(
    {
      type: z.enum(CHECKOUT_METHODS, { error: 'must be one of CREDIT_CARD, DEBIT_CARD, PIX, BOLETO' }),
      brands: z.optional(
        z
          .array(text(20), { error: 'must be a list of card brands' })
          .check(z.maxLength(10, 'must be a list of at most 10 brands')),
      ),
    },
    { error: 'must be an object with type' },
  );

const methodConfig = () =>
  z.strictObject(
    {
      type: z.enum(['CREDIT_CARD', 'DEBIT_CARD'], { error: 'must be CREDIT_CARD or DEBIT_CARD' }),
      config_options: z
        .array(
          z.strictObject(
            {
              option: z.enum(CONFIG_OPTIONS, { error: 'must be INSTALLMENTS_LIMIT or INTEREST_FREE_INSTALLMENTS' }),
              // The provider's value is text ("6"); a number is read as well.
              value: integer(1, 12, 'must be a number of installments from 1 to 12 (such as "6")'),
            },
            { error: 'must be an object with option and value' },
          ),
          { error: 'must be a list of options' },
        )
        .check(z.minLength(1, 'must be a list of 1 or 2 options'), z.maxLength(2, 'must be a list of 1 or 2 options')),
    },
    { error: 'must be an object with type and config_options' },
  );

/**
 * The body of POST /checkouts (docs/checkouts.md#create). Required: `items`. The rest is optional:
 * the page asks the shopper for what is missing (the customer), and offers every method when
 * `payment_methods` is left out.
 */
export const checkoutSchema = () =>
  z.strictObject(
    {
      reference_id: z.optional(text(64)),
      expiration_date: z.optional(field<number>(expirationDateRule, { type: 'string', format: 'date-time' })),
      customer: z.optional(customer()),
      customer_modifiable: z.optional(booleanField()),
      items: z
        .array(item(), { error: 'must be a list of 1 to 100 items' })
        .check(
          z.minLength(1, 'must be a list of 1 to 100 items'),
          z.maxLength(100, 'must be a list of 1 to 100 items'),
        ),
      additional_amount: z.optional(cents(0)),
      discount_amount: z.optional(cents(0)),
      shipping: z.optional(shipping()),
      payment_methods: z.optional(
        z
          .array(paymentMethod(), { error: 'must be a list of payment methods' })
          .check(
            z.minLength(1, 'must be a list of 1 to 4 payment methods'),
            z.maxLength(4, 'must be a list of 1 to 4 payment methods'),
          ),
      ),
      payment_methods_configs: z.optional(
        z
          .array(methodConfig(), { error: 'must be a list of payment method configs' })
          .check(z.maxLength(2, 'must be a list of at most 2 configs (CREDIT_CARD, DEBIT_CARD)')),
      ),
      soft_descriptor: z.optional(text(64)),
      redirect_url: z.optional(httpUrl()),
      return_url: z.optional(httpUrl()),
      notification_urls: z.optional(notificationUrls()),
      payment_notification_urls: z.optional(notificationUrls()),
    },
    { error: 'must be a checkout object' },
  );

export type CheckoutBody = z.infer<ReturnType<typeof checkoutSchema>>;

/**
 * Whether the page asks the shopper for their data: customer_modifiable as sent, else whenever the
 * customer sent is not whole (name, email and tax_id).
 */
export const customerModifiable = (body: Pick<CheckoutBody, 'customer' | 'customer_modifiable'>): boolean =>
  body.customer_modifiable ?? !(body.customer?.name && body.customer.email && body.customer.tax_id);

/** An item's name: `name`, else its description (integrations that send only a description). */
export const itemName = (item: CheckoutBody['items'][number]): string =>
  item.name ?? (item.description as string).slice(0, 100);

const CHECKOUT_SCHEMA = checkoutSchema();

const problem = (code: string, parameterName: string, description: string): ErrorItem => ({
  code,
  parameterName,
  description,
});

/** The amount the shopper pays: items, plus additional_amount and shipping, less discount_amount (docs/checkouts.md#total). */
export function checkoutTotal(
  body: Pick<CheckoutBody, 'items' | 'additional_amount' | 'discount_amount' | 'shipping'>,
) {
  const items = body.items.reduce((sum, i) => sum + i.quantity * i.unit_amount, 0);
  const shippingAmount = body.shipping?.type === 'FIXED' ? (body.shipping.amount ?? 0) : 0;
  return items + (body.additional_amount ?? 0) + shippingAmount - (body.discount_amount ?? 0);
}

/** The rules between fields, on a body the schema accepted. */
function crossFieldProblems(body: CheckoutBody, now: number): ErrorItem[] {
  const out: ErrorItem[] = [];
  if (body.expiration_date !== undefined && body.expiration_date <= now)
    out.push(problem(INVALID_PARAMETER, 'expiration_date', 'expiration_date must be in the future'));
  if (body.customer_modifiable === false) {
    if (!body.customer)
      out.push(
        problem(
          REQUIRED_PARAMETER,
          'customer',
          'customer is required when customer_modifiable is false: the page cannot ask the shopper for it',
        ),
      );
    else
      for (const name of ['name', 'email', 'tax_id'] as const)
        if (!body.customer[name])
          out.push(
            problem(
              REQUIRED_PARAMETER,
              `customer.${name}`,
              `customer.${name} is required when customer_modifiable is false: the page cannot ask the shopper for it`,
            ),
          );
  }
  body.items.forEach((item, i) => {
    if (item.name === undefined && item.description === undefined)
      out.push(problem(REQUIRED_PARAMETER, `items[${i}].name`, `items[${i}].name is required (or description)`));
  });
  const ship = body.shipping;
  if (ship?.type === 'FIXED' && ship.amount === undefined)
    out.push(problem(REQUIRED_PARAMETER, 'shipping.amount', 'shipping.amount is required when shipping.type is FIXED'));
  if (ship?.type === 'FREE' && ship.amount)
    out.push(
      problem(
        INVALID_PARAMETER,
        'shipping.amount',
        'shipping.amount must be 0 (or left out) when shipping.type is FREE',
      ),
    );
  if (ship?.type === 'CALCULATE')
    out.push(
      problem(
        INVALID_PARAMETER,
        'shipping.type',
        'shipping.type CALCULATE needs a carrier quote, which the sandbox does not simulate: send FIXED with amount, or FREE',
      ),
    );
  const methods = body.payment_methods ?? [];
  const seen = new Set<string>();
  methods.forEach((m, i) => {
    if (seen.has(m.type))
      out.push(
        problem(
          INVALID_PARAMETER,
          `payment_methods[${i}].type`,
          `payment_methods[${i}].type ${m.type} is listed twice`,
        ),
      );
    seen.add(m.type);
  });
  const configured = new Set<string>();
  (body.payment_methods_configs ?? []).forEach((c, i) => {
    const at = `payment_methods_configs[${i}]`;
    if (configured.has(c.type))
      out.push(problem(INVALID_PARAMETER, `${at}.type`, `${at}.type ${c.type} is configured twice`));
    configured.add(c.type);
    if (body.payment_methods && !seen.has(c.type))
      out.push(problem(INVALID_PARAMETER, `${at}.type`, `${at}.type ${c.type} is not one of payment_methods`));
    const options = new Map<string, number>();
    c.config_options.forEach((o, j) => {
      if (options.has(o.option))
        out.push(
          problem(
            INVALID_PARAMETER,
            `${at}.config_options[${j}].option`,
            `${at}.config_options[${j}].option ${o.option} is given twice`,
          ),
        );
      options.set(o.option, o.value);
    });
    const limit = options.get('INSTALLMENTS_LIMIT');
    const free = options.get('INTEREST_FREE_INSTALLMENTS');
    const valueAt = (option: string) =>
      `${at}.config_options[${c.config_options.findIndex((o) => o.option === option)}].value`;
    if (c.type === 'DEBIT_CARD' && ((limit ?? 1) > 1 || (free ?? 1) > 1)) {
      const name = valueAt((limit ?? 1) > 1 ? 'INSTALLMENTS_LIMIT' : 'INTEREST_FREE_INSTALLMENTS');
      out.push(problem(INVALID_PARAMETER, name, `${name} must be 1: a debit card pays in one installment`));
    }
    if (limit !== undefined && free !== undefined && free > limit) {
      const name = valueAt('INTEREST_FREE_INSTALLMENTS');
      out.push(problem(INVALID_PARAMETER, name, `${name} must not exceed INSTALLMENTS_LIMIT (${limit})`));
    }
  });
  const total = checkoutTotal(body);
  if (total < 1)
    out.push(
      problem(
        INVALID_PARAMETER,
        'discount_amount',
        'discount_amount must be less than the items plus additional_amount and shipping: the total must be at least 1 cent',
      ),
    );
  else if (total > MAX_AMOUNT_CENTS)
    out.push(
      problem(INVALID_PARAMETER, 'items', `items add up to more than the largest amount (${MAX_AMOUNT_CENTS} cents)`),
    );
  return out;
}

/** Validates a POST /checkouts body at `now`: the schema, then the rules between its fields. */
export function validateCheckout(raw: unknown, now: number): Parsed<CheckoutBody> {
  const parsed = parseWithSchema(CHECKOUT_SCHEMA, raw);
  return parsed.ok ? withCrossFieldProblems(parsed, crossFieldProblems(parsed.value, now)) : parsed;
}

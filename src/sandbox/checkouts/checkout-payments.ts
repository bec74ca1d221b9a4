import * as z from 'zod/mini';
import { INVALID_PARAMETER, REQUIRED_PARAMETER } from '../../core/error-item';
import { personNameRule } from '../../core/field-rules';
import { installmentPlans, type InstallmentPlan } from '../charges/installment-plans';
import { normalizeSoftDescriptor } from '../charges/soft-descriptor';
import { CONFLICT } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { digits, email, field, taxId, text } from '../http/request-fields';
import type { Merchant } from '../merchants/merchant-store';
import { validateOrder } from '../orders/order-request';
import { placeOrder, type PlacedOrder } from '../orders/place-order';
import type { SandboxServices } from '../services';
import type { Clock } from '../clock';
import type { ChangeOrigin } from '../journal/status-changes';
import { CHECKOUT_METHODS, checkoutTotal, customerModifiable, itemName } from './checkout-request';
import { checkoutStatus, type CheckoutRecord } from './checkout-store';

/**
 * What the pay page sends to pay (docs/checkouts.md#the-pay-page): the method, the shopper (when
 * the page asked for them), the billing address (card 3-D Secure and boleto), and for a card the
 * encrypted card, the 3DS authentication id and the installments chosen. The page's own endpoint:
 * strict, no field is ignored.
 */
export const payRequestSchema = () =>
  z.strictObject(
    {
      method: z.enum(CHECKOUT_METHODS, { error: 'must be one of CREDIT_CARD, DEBIT_CARD, PIX, BOLETO' }),
      customer: z.optional(
        z.strictObject(
          {
            name: field(personNameRule),
            email: email(),
            tax_id: taxId(),
            phone: z.optional(
              z.strictObject(
                { area: digits(2, 2), number: digits(8, 9) },
                { error: 'must be an object with area and number' },
              ),
            ),
          },
          { error: 'must be an object with name, email and tax_id' },
        ),
      ),
      address: z.optional(
        z.strictObject(
          {
            street: text(160),
            number: text(20),
            complement: z.optional(text(40)),
            locality: text(60),
            city: text(90),
            region_code: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be the two letters of a state, such as SP')),
            postal_code: digits(8, 8, 'must be the 8 digits of a CEP'),
          },
          { error: 'must be an address object' },
        ),
      ),
      card: z.optional(
        z.strictObject(
          {
            encrypted: text(4096),
            authentication_id: z.optional(text(64)),
            installments: z.optional(z.int().check(z.minimum(1), z.maximum(12))),
          },
          { error: 'must be an object with encrypted' },
        ),
      ),
    },
    { error: 'must be a payment object' },
  );
export type PayRequest = z.infer<ReturnType<typeof payRequestSchema>>;

/** The page's view of what to offer: the total and, for a credit card, the plans within the checkout's options. */
export interface CheckoutOffer {
  total: number;
  methods: string[];
  /** Credit card plans: 1 to INSTALLMENTS_LIMIT (12 without it), interest-free up to INTEREST_FREE_INSTALLMENTS (1 without it). */
  plans: InstallmentPlan[];
}

const option = (c: CheckoutRecord, type: string, name: string) =>
  c.body.payment_methods_configs?.find((m) => m.type === type)?.config_options.find((o) => o.option === name)?.value;

/** What the checkout's page offers, priced by the account's fee rules (charges/installment-plans.ts). */
export function checkoutOffer(c: CheckoutRecord, merchant: Merchant): CheckoutOffer {
  const total = checkoutTotal(c.body);
  const methods = (c.body.payment_methods ?? CHECKOUT_METHODS.map((type) => ({ type }))).map((m) => m.type);
  const plans = installmentPlans({
    value: total,
    maxInstallments: option(c, 'CREDIT_CARD', 'INSTALLMENTS_LIMIT') ?? 12,
    maxInstallmentsNoInterest: option(c, 'CREDIT_CARD', 'INTEREST_FREE_INSTALLMENTS') ?? 1,
    monthlyRateBp: merchant.installmentRateBp,
  });
  return { total, methods, plans };
}

const BRASILIA_OFFSET_MS = -3 * 3_600_000;
/** A boleto's due date: three days from the sandbox's today in Brasília, YYYY-MM-DD. */
const dueDate = (now: number) => new Date(now + BRASILIA_OFFSET_MS + 3 * 86_400_000).toISOString().slice(0, 10);

const refused = (code: string, parameterName: string, description: string) =>
  new ApiError(400, [{ code, parameterName, description }]);

/**
 * The POST /orders body a payment on the page amounts to: the checkout's cart, the shopper, one
 * charge or QR code. As a client would send it: validateOrder checks it as the route does.
 */
function orderBody(c: CheckoutRecord, pay: PayRequest, offer: CheckoutOffer, now: number): object | ApiError {
  const given = c.body.customer;
  const shopper = customerModifiable(c.body) ? pay.customer : given;
  if (!shopper?.name || !shopper.email || !shopper.tax_id)
    return refused(REQUIRED_PARAMETER, 'customer', 'customer is required: the page asks the shopper for it');
  const phone = pay.customer?.phone ?? c.body.customer?.phone;
  const body = c.body;
  const order = {
    reference_id: body.reference_id,
    customer: {
      name: shopper.name,
      email: shopper.email,
      tax_id: shopper.tax_id,
      ...(phone && { phones: [{ country: '55', area: phone.area, number: phone.number, type: 'MOBILE' }] }),
    },
    items: body.items.map((i) => ({
      ...(i.reference_id && { reference_id: i.reference_id }),
      name: itemName(i),
      quantity: i.quantity,
      unit_amount: i.unit_amount,
    })),
    ...(body.shipping?.address && { shipping: { address: body.shipping.address } }),
    notification_urls: [...new Set([...(body.payment_notification_urls ?? []), ...(body.notification_urls ?? [])])],
  };
  const description = `Checkout ${c.id}`;
  if (pay.method === 'PIX') return { ...order, qr_codes: [{ amount: { value: offer.total } }] };
  const address = pay.address;
  if (pay.method === 'BOLETO') {
    if (!address)
      return refused(REQUIRED_PARAMETER, 'address', "address is required: a boleto names its payer's address");
    return {
      ...order,
      charges: [
        {
          reference_id: body.reference_id,
          description,
          amount: { value: offer.total, currency: 'BRL' },
          payment_method: {
            type: 'BOLETO',
            boleto: {
              due_date: dueDate(now),
              instruction_lines: { line_1: `Pagamento de ${description}`, line_2: 'Não receber após o vencimento' },
              holder: {
                name: shopper.name,
                tax_id: shopper.tax_id,
                email: shopper.email,
                address: { ...address, country: 'Brasil', region: address.region_code },
              },
            },
          },
        },
      ],
    };
  }
  if (!pay.card) return refused(REQUIRED_PARAMETER, 'card', 'card is required to pay by card');
  const installments = pay.method === 'DEBIT_CARD' ? 1 : (pay.card.installments ?? 1);
  const plan = pay.method === 'DEBIT_CARD' ? undefined : offer.plans.find((p) => p.installments === installments);
  if (pay.method === 'CREDIT_CARD' && !plan)
    return refused(
      INVALID_PARAMETER,
      'card.installments',
      `card.installments must be one of the checkout's plans (1 to ${offer.plans.at(-1)!.installments})`,
    );
  return {
    ...order,
    charges: [
      {
        reference_id: body.reference_id,
        description,
        amount: { value: plan ? plan.amount.value : offer.total, currency: 'BRL' },
        payment_method: {
          type: pay.method,
          installments,
          capture: true,
          ...(body.soft_descriptor && { soft_descriptor: normalizeSoftDescriptor(body.soft_descriptor) }),
          card: { encrypted: pay.card.encrypted },
          ...(pay.card.authentication_id && {
            authentication_method: { type: 'THREEDS', id: pay.card.authentication_id },
          }),
        },
      },
    ],
  };
}

type PaymentServices = Pick<
  SandboxServices,
  'orders' | 'qrCodes' | 'processor' | 'events' | 'checkouts' | 'checkoutEvents' | 'merchants' | 'transaction'
>;

/**
 * Pays a checkout as its page asks: builds the order POST /orders would get, validates it as that
 * route does, and places it (orders/place-order.ts) in one transaction with the checkout's link to
 * it, so an order is never made for a checkout that stopped taking payment meanwhile. Refused with a
 * 409 when the checkout is not ACTIVE, with a 400 naming the field when the shopper's data is wrong.
 */
export function payCheckout(
  services: PaymentServices,
  clock: Clock,
  c: CheckoutRecord,
  pay: PayRequest,
  origin: ChangeOrigin,
): PlacedOrder {
  const merchant = services.merchants.get(c.merchantId)!;
  const offer = checkoutOffer(c, merchant);
  if (!offer.methods.includes(pay.method))
    throw refused(
      INVALID_PARAMETER,
      'method',
      `method ${pay.method} is not one this checkout takes (${offer.methods.join(', ')})`,
    );
  const now = clock.now().getTime();
  const body = orderBody(c, pay, offer, now);
  if (body instanceof ApiError) throw body;
  const order = validateOrder(body, now, false);
  if (!order.ok) throw new ApiError(400, order.errors);
  return services.transaction(() => {
    const current = services.checkouts.getPublic(c.id)!;
    const status = checkoutStatus(current, now);
    if (status !== 'ACTIVE')
      throw ApiError.of(409, CONFLICT, 'checkout_id', `The checkout is ${status}: it takes no payment.`);
    const placed = placeOrder(services, merchant, order.value, now, origin);
    services.checkouts.linkOrder(c.id, placed.order.id, now);
    services.checkoutEvents.orderPlaced(current, placed.order.id, origin, now);
    return placed;
  });
}

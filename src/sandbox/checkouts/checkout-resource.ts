import { timestamp } from '../clock';
import type { OrderResource } from '../orders/order-resource';
import type { Link } from '../values/link';
import { CHECKOUT_METHODS, customerModifiable, type CheckoutBody } from './checkout-request';
import { checkoutStatus, type CheckoutRecord, type CheckoutStatus } from './checkout-store';

/** A checkout's link: the house link shape (values/link.ts) with the checkout's own relations. */
interface CheckoutLink extends Omit<Link, 'rel'> {
  rel: 'SELF' | 'PAY' | 'INACTIVATE' | 'ACTIVATE';
}

const link = (
  rel: CheckoutLink['rel'],
  href: string,
  type: Link['type'],
  media = 'application/json',
): CheckoutLink => ({
  rel,
  href,
  media,
  type,
});

/** A checkout as the API returns it (docs/checkouts.md#the-checkout). */
export interface CheckoutResource
  extends Omit<CheckoutBody, 'expiration_date' | 'payment_methods' | 'customer_modifiable'> {
  id: string;
  status: CheckoutStatus;
  created_at: string;
  expiration_date: string;
  customer_modifiable: boolean;
  /** The methods the page offers: those sent, or all four. */
  payment_methods: NonNullable<CheckoutBody['payment_methods']>;
  notification_urls: string[];
  payment_notification_urls: string[];
  /** The orders the page made, oldest first (empty on creation). */
  orders: OrderResource[];
  links: CheckoutLink[];
}

/** Where the shopper pays a checkout: the sandbox's hosted page (docs/checkouts.md#the-pay-page). */
const payPageUrl = (apiUrl: string, id: string) => `${apiUrl}/pay/${id}`;

/**
 * The API shape of a checkout at `now`. Links: SELF, PAY (the page, which says when it takes no payment), and
 * INACTIVATE while ACTIVE or ACTIVATE while INACTIVE; an EXPIRED checkout has neither.
 */
export function checkoutResource(
  c: CheckoutRecord,
  orders: OrderResource[],
  apiUrl: string,
  now: number,
): CheckoutResource {
  const status = checkoutStatus(c, now);
  const self = `${apiUrl}/checkouts/${c.id}`;
  const { customer_modifiable, payment_methods, notification_urls, payment_notification_urls, ...rest } = c.body;
  return {
    id: c.id,
    ...rest,
    status,
    created_at: timestamp(new Date(c.createdAt)),
    expiration_date: timestamp(new Date(c.expiresAt)),
    customer_modifiable: customerModifiable({ customer: c.body.customer, customer_modifiable }),
    payment_methods: payment_methods ?? CHECKOUT_METHODS.map((type) => ({ type })),
    notification_urls: notification_urls ?? [],
    payment_notification_urls: payment_notification_urls ?? [],
    orders,
    links: [
      link('SELF', self, 'GET'),
      link('PAY', payPageUrl(apiUrl, c.id), 'GET', 'text/html'),
      ...(status === 'ACTIVE' ? [link('INACTIVATE', `${self}/inactivate`, 'POST')] : []),
      ...(status === 'INACTIVE' ? [link('ACTIVATE', `${self}/activate`, 'POST')] : []),
    ],
  };
}

// Builds Gateway order requests from what the checkout page sends, and what the page may see
// of the answers. Prices come from the server's own cart, never from the browser.
import { randomInt } from 'node:crypto';
import { normaliseTaxId, onlyDigits, shopperProblems } from './public/shopper-rules.mjs';

/** The cart. A real shop reads it from its session or database. */
export const CART = [
  { reference_id: 'SKU-CAFE-500', name: 'Café especial 500 g', quantity: 2, unit_amount: 4990 },
  { reference_id: 'SKU-CANECA', name: 'Caneca de cerâmica', quantity: 1, unit_amount: 3500 },
];
export const CART_TOTAL = CART.reduce((sum, i) => sum + i.quantity * i.unit_amount, 0);
/** How long the shopper has to pay a Pix QR code: long enough to open the bank's app. */
const PIX_LIFETIME_MS = 30 * 60_000;

const text = (v) => (typeof v === 'string' ? v.trim() : '');

/**
 * The page's customer and address, normalised, with what is wrong in them (the same rules
 * and words the page checked with: shopper-rules.mjs).
 */
export function readShopper(input) {
  const c = input?.customer ?? {};
  const a = input?.address ?? {};
  return {
    problems: shopperProblems(input),
    customer: {
      name: text(c.name),
      email: text(c.email),
      taxId: normaliseTaxId(text(c.taxId)),
      phone: onlyDigits(c.phone),
    },
    address: {
      street: text(a.street),
      number: text(a.number),
      complement: text(a.complement),
      locality: text(a.locality),
      city: text(a.city),
      regionCode: text(a.regionCode).toUpperCase(),
      postalCode: onlyDigits(a.postalCode),
    },
  };
}

// No 0/O or 1/I: the shopper reads the reference to support over the phone.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A short order reference the shopper can read and quote ("LE-7K3QX9"): the order's reference_id. */
export function shortReference() {
  let out = 'LE-';
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/**
 * The example's 3DS policy: whether a card whose authentication ended NOT_AUTHENTICATED (the
 * shopper failed the bank's challenge, or the bank did not confirm) is charged anyway.
 * Default: never. A debit card is never charged without AUTHENTICATED, whatever the policy
 * (debit requires 3DS). See docs/example-checkout.md for the liability trade-off.
 * @typedef {{ chargeNotAuthenticated: boolean }} ThreeDsPolicy
 */
export const DEFAULT_THREEDS_POLICY = Object.freeze({ chargeNotAuthenticated: false });

/**
 * May this card payment be charged, given the authentication's outcome? `outcome` is the
 * authentication's authentication_status as the API reports it (undefined: no 3DS id, a
 * credit card not eligible for 3DS, which the card rules let through).
 * @param {'CREDIT_CARD' | 'DEBIT_CARD'} method
 * @param {string | undefined} outcome
 * @param {ThreeDsPolicy} policy
 */
export function mayCharge(method, outcome, policy) {
  if (outcome === undefined) return method === 'CREDIT_CARD';
  if (outcome === 'AUTHENTICATED') return true;
  return method === 'CREDIT_CARD' && policy.chargeNotAuthenticated === true;
}

/**
 * Validates the page's input and returns the POST /orders body, or the page fields that are
 * wrong. The card arrives only encrypted (Gateway.encryptCard), or as "the card this shopper
 * saved", whose id the server looks up itself: this server never sees card data.
 * @param {object} input what the page sent
 * @param {{ card: { id: string }, customer: object, address: object } | undefined} saved the shopper's saved card
 * @param {number | undefined} planAmount a card's charge: the amount of the installment plan chosen
 *   (installments.mjs); undefined for other methods, or when no plan has that many installments
 */
export function createOrderBody(input, saved, planAmount) {
  // fields: the page's names of what is wrong; the shopper's reasons come from readShopper.
  const fields = [];
  const need = (ok, field) => ok || fields.push(field);
  const method = input?.method;
  const useSaved = input?.card?.saved === true;
  need(['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO', 'PIX'].includes(method), 'method');
  const byCard = method === 'CREDIT_CARD' || method === 'DEBIT_CARD';
  // A saved card pays with the customer and address kept with it.
  const shopper =
    useSaved && saved ? { customer: saved.customer, address: saved.address, problems: [] } : readShopper(input);
  for (const p of shopper.problems) fields.push(p.field);
  if (byCard) {
    if (useSaved) need(saved !== undefined, 'savedCard');
    else need(typeof input?.card?.encrypted === 'string' && input.card.encrypted.length > 0, 'card');
    need(planAmount !== undefined, 'installments');
    need(method !== 'DEBIT_CARD' || input?.installments === 1, 'installments');
    need(input?.threeDsId === undefined || /^3DS_[0-9a-f-]{36}$/.test(input.threeDsId), 'threeDsId');
    // Debit needs 3DS (docs/rules.md#orders): the page ends a debit payment that could not authenticate.
    need(method !== 'DEBIT_CARD' || input?.threeDsId !== undefined, 'threeDsId');
  }
  if (fields.length) return { ok: false, fields, problems: shopper.problems };

  const { customer: c, address: a } = shopper;
  const address = {
    street: a.street,
    number: a.number,
    ...(a.complement && { complement: a.complement }),
    locality: a.locality,
    city: a.city,
    region_code: a.regionCode,
    country: 'BRA',
    postal_code: a.postalCode,
  };
  const order = {
    reference_id: shortReference(),
    customer: {
      name: c.name,
      email: c.email,
      tax_id: c.taxId,
      phones: [{ country: '55', area: c.phone.slice(0, 2), number: c.phone.slice(2), type: 'MOBILE' }],
    },
    items: CART,
    shipping: { address },
  };
  // Pix: an order with a QR code and no charge yet; paying it in a bank app adds the charge.
  if (method === 'PIX') {
    const expiration_date = new Date(Date.now() + PIX_LIFETIME_MS).toISOString();
    return { ok: true, body: { ...order, qr_codes: [{ amount: { value: CART_TOTAL }, expiration_date }] } };
  }
  // A card pays its plan (checked above); a boleto the cart total.
  const amount = { value: planAmount ?? CART_TOTAL, currency: 'BRL' };
  let payment_method;
  if (method === 'BOLETO') {
    const due = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    payment_method = {
      type: 'BOLETO',
      boleto: {
        due_date: due,
        instruction_lines: { line_1: 'Não receber após o vencimento', line_2: 'Pedido da Loja Exemplo' },
        holder: {
          name: c.name,
          tax_id: c.taxId,
          email: c.email,
          address: {
            country: 'Brasil',
            region: a.regionCode,
            region_code: a.regionCode,
            city: a.city,
            postal_code: a.postalCode,
            street: a.street,
            number: a.number,
            locality: a.locality,
          },
        },
      },
    };
  } else {
    payment_method = {
      type: method,
      installments: input.installments,
      capture: true,
      soft_descriptor: 'LOJA EXEMPLO',
      card: useSaved ? { id: saved.card.id } : { encrypted: input.card.encrypted, store: input.saveCard === true },
      ...(input.threeDsId && { authentication_method: { type: 'THREEDS', id: input.threeDsId } }),
    };
  }
  return {
    ok: true,
    body: {
      ...order,
      charges: [
        { reference_id: `cobranca-${Date.now()}`, description: 'Compra na Loja Exemplo', amount, payment_method },
      ],
    },
  };
}

/** The page field an API parameter is about (customer.tax_id: taxId), if the shopper typed it. */
function pageField(parameterName) {
  const path = String(parameterName ?? '')
    .replace(/\[\d+\]/g, '')
    .split('.');
  if (path.includes('card')) return 'card';
  if (path.includes('phones')) return 'phone';
  const names = {
    name: 'name',
    email: 'email',
    tax_id: 'taxId',
    street: 'street',
    number: 'number',
    complement: 'complement',
    locality: 'locality',
    city: 'city',
    region_code: 'regionCode',
    postal_code: 'postalCode',
    installments: 'installments',
  };
  return names[path.at(-1)];
}

/**
 * What the page may see of the API's answer: statuses, the fields to fix, boleto lines and the
 * trace id; no internals. `fields` are the page's own field names.
 */
export function publicOrderResult({ status, body, traceId }) {
  if (status >= 400) {
    const items = body?.error_messages ?? [];
    // The API's descriptions are for developers: the server's log keeps them, the page gets fields.
    if (items.length)
      console.warn(
        `POST /orders ${status} trace=${traceId}`,
        items.map((e) => `${e.code} ${e.parameter_name}: ${e.description}`).join('; '),
      );
    const fields = [...new Set(items.map((e) => pageField(e.parameter_name)).filter(Boolean))];
    return { ok: false, httpStatus: status, traceId, fields };
  }
  const charge = body.charges?.[0];
  const boleto = charge?.payment_method?.boleto;
  const card = charge?.payment_method?.card;
  const qr = body.qr_codes?.[0];
  return {
    ok: true,
    traceId,
    orderId: body.id,
    reference: body.reference_id,
    amount: charge?.amount?.value ?? qr?.amount?.value,
    method: charge?.payment_method?.type ?? (qr && 'PIX'),
    installments: charge?.payment_method?.installments,
    card: card && { brand: card.brand, lastDigits: card.last_digits },
    chargeStatus: charge?.status,
    code: charge?.payment_response?.code,
    message: charge?.payment_response?.message,
    boleto: boleto && {
      formattedBarcode: boleto.formatted_barcode,
      dueDate: boleto.due_date,
      // The printable boleto: the payer opens it without a token.
      pdf: charge.links?.find((l) => l.media === 'application/pdf')?.href,
    },
    // The QR code as the shopper's bank app reads it: the image (a link the browser loads without
    // a token), the same BR Code as text ("copia e cola") and the seconds left to pay.
    pix: qr && {
      text: qr.text,
      image: qr.links?.find((l) => l.rel === 'QRCODE.PNG')?.href,
      secondsLeft: Math.max(0, Math.ceil((Date.parse(qr.expiration_date) - Date.now()) / 1000)),
    },
  };
}

/**
 * The card to remember after an order with `saveCard`: the stored card id Gateway returned
 * (never card data), with the customer and address it was used with.
 */
export function savedCardOf({ status, body }, input) {
  const charge = body?.charges?.[0];
  const card = charge?.payment_method?.card;
  if (status !== 201 || input?.saveCard !== true || !card?.id || !['PAID', 'AUTHORIZED'].includes(charge.status))
    return undefined;
  const { problems, customer, address } = readShopper(input);
  if (problems.length) return undefined;
  return {
    card: {
      id: card.id,
      brand: card.brand,
      lastDigits: card.last_digits,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    },
    customer,
    address,
  };
}

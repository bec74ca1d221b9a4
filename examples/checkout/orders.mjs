// Builds Gateway order requests from what the checkout page sends, and what the page may see
// of the answers. Prices come from the server's own cart, never from the browser.

/** The cart. A real shop reads it from its session or database. */
export const CART = [
  { reference_id: 'SKU-CAFE-500', name: 'Café especial 500 g', quantity: 2, unit_amount: 4990 },
  { reference_id: 'SKU-CANECA', name: 'Caneca de cerâmica', quantity: 1, unit_amount: 3500 },
];
export const CART_TOTAL = CART.reduce((sum, i) => sum + i.quantity * i.unit_amount, 0);

const digits = (v) => String(v ?? '').replace(/\D/g, '');
const text = (v) => (typeof v === 'string' ? v.trim() : '');
const ADDRESS_FIELDS = ['street', 'number', 'locality', 'city', 'regionCode', 'postalCode'];

/** The page's customer and address, checked and normalised, or the page fields that are wrong. */
function readShopper(input, fields) {
  const c = input?.customer ?? {};
  const a = input?.address ?? {};
  const need = (ok, field) => ok || fields.push(field);
  need(text(c.name).split(/\s+/).length >= 2, 'name');
  need(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text(c.email)), 'email');
  need(/^\d{11}$|^\d{14}$/.test(digits(c.taxId)), 'taxId');
  need(/^\d{10,11}$/.test(digits(c.phone)), 'phone');
  for (const k of ADDRESS_FIELDS) need(text(a[k]) !== '', k);
  need(/^\d{8}$/.test(digits(a.postalCode)), 'postalCode');
  return {
    customer: { name: text(c.name), email: text(c.email), taxId: digits(c.taxId), phone: digits(c.phone) },
    address: {
      street: text(a.street),
      number: text(a.number),
      complement: text(a.complement),
      locality: text(a.locality),
      city: text(a.city),
      regionCode: text(a.regionCode).toUpperCase(),
      postalCode: digits(a.postalCode),
    },
  };
}

/**
 * Validates the page's input and returns the POST /orders body, or the page fields that are
 * wrong. The card arrives only encrypted (Gateway.encryptCard), or as "the card this shopper
 * saved", whose id the server looks up itself: this server never sees card data.
 * @param {object} input what the page sent
 * @param {{ card: { id: string }, customer: object, address: object } | undefined} saved the shopper's saved card
 */
export function createOrderBody(input, saved) {
  const fields = [];
  const need = (ok, field) => ok || fields.push(field);
  const method = input?.method;
  const useSaved = input?.card?.saved === true;
  need(['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO'].includes(method), 'method');
  // A saved card pays with the customer and address kept with it.
  const shopper = useSaved && saved ? { customer: saved.customer, address: saved.address } : readShopper(input, fields);
  if (method !== 'BOLETO') {
    if (useSaved) need(saved !== undefined, 'savedCard');
    else need(typeof input?.card?.encrypted === 'string' && input.card.encrypted.length > 0, 'card');
    need(Number.isInteger(input?.installments) && input.installments >= 1 && input.installments <= 12, 'installments');
    need(method !== 'DEBIT_CARD' || input?.installments === 1, 'installments');
    need(input?.threeDsId === undefined || /^3DS_[0-9a-f-]{36}$/.test(input.threeDsId), 'threeDsId');
    // Debit needs 3DS (SPEC.md): the page ends a debit payment that could not authenticate.
    need(method !== 'DEBIT_CARD' || input?.threeDsId !== undefined, 'threeDsId');
  }
  if (fields.length) return { ok: false, fields };

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
  const amount = { value: CART_TOTAL, currency: 'BRL' };
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
          address: { country: 'Brasil', region: a.regionCode, region_code: a.regionCode, city: a.city, postal_code: a.postalCode, street: a.street, number: a.number, locality: a.locality },
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
      reference_id: `pedido-${Date.now()}`,
      customer: { name: c.name, email: c.email, tax_id: c.taxId, phones: [{ country: '55', area: c.phone.slice(0, 2), number: c.phone.slice(2), type: 'MOBILE' }] },
      items: CART,
      shipping: { address },
      charges: [{ reference_id: `cobranca-${Date.now()}`, description: 'Compra na Loja Exemplo', amount, payment_method }],
    },
  };
}

/** The page field an API parameter is about (customer.tax_id: taxId), if the shopper typed it. */
function pageField(parameterName) {
  const path = String(parameterName ?? '').replace(/\[\d+\]/g, '').split('.');
  if (path.includes('card')) return 'card';
  if (path.includes('phones')) return 'phone';
  const names = { name: 'name', email: 'email', tax_id: 'taxId', street: 'street', number: 'number', complement: 'complement', locality: 'locality', city: 'city', region_code: 'regionCode', postal_code: 'postalCode', installments: 'installments' };
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
    if (items.length) console.warn(`POST /orders ${status} trace=${traceId}`, items.map((e) => `${e.code} ${e.parameter_name}: ${e.description}`).join('; '));
    const fields = [...new Set(items.map((e) => pageField(e.parameter_name)).filter(Boolean))];
    return { ok: false, httpStatus: status, traceId, fields };
  }
  const charge = body.charges?.[0];
  const boleto = charge?.payment_method?.boleto;
  return {
    ok: true,
    traceId,
    orderId: body.id,
    chargeStatus: charge?.status,
    code: charge?.payment_response?.code,
    message: charge?.payment_response?.message,
    boleto: boleto && {
      formattedBarcode: boleto.formatted_barcode,
      dueDate: boleto.due_date,
      // The printable boleto: the payer opens it without a token.
      pdf: charge.links?.find((l) => l.media === 'application/pdf')?.href,
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
  if (status !== 201 || input?.saveCard !== true || !card?.id || !['PAID', 'AUTHORIZED'].includes(charge.status)) return undefined;
  const fields = [];
  const shopper = readShopper(input, fields);
  if (fields.length) return undefined;
  return { card: { id: card.id, brand: card.brand, lastDigits: card.last_digits, expMonth: card.exp_month, expYear: card.exp_year }, ...shopper };
}

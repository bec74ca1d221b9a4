// Builds Gateway order requests from what the checkout page sends. Prices come from the
// server's own cart, never from the browser.

/** The cart. A real shop reads it from its session or database. */
export const CART = [
  { reference_id: 'SKU-CAFE-500', name: 'Café especial 500 g', quantity: 2, unit_amount: 4990 },
  { reference_id: 'SKU-CANECA', name: 'Caneca de cerâmica', quantity: 1, unit_amount: 3500 },
];
export const CART_TOTAL = CART.reduce((sum, i) => sum + i.quantity * i.unit_amount, 0);

const digits = (v) => String(v ?? '').replace(/\D/g, '');

/**
 * Validates the page's input and returns the POST /orders body, or the fields that are wrong.
 * The card arrives only encrypted (Gateway.encryptCard): this server never sees card data.
 */
export function createOrderBody(input) {
  const fields = [];
  const need = (ok, field) => ok || fields.push(field);
  const c = input?.customer ?? {};
  const a = input?.address ?? {};
  const method = input?.method;
  need(['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO'].includes(method), 'method');
  need(typeof c.name === 'string' && c.name.trim().split(/\s+/).length >= 2, 'customer.name');
  need(typeof c.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email), 'customer.email');
  need(/^\d{11}$|^\d{14}$/.test(digits(c.taxId)), 'customer.taxId');
  need(/^\d{10,11}$/.test(digits(c.phone)), 'customer.phone');
  for (const k of ['street', 'number', 'locality', 'city', 'regionCode', 'postalCode']) need(typeof a[k] === 'string' && a[k].trim() !== '', `address.${k}`);
  if (method !== 'BOLETO') {
    need(typeof input?.card?.encrypted === 'string' && input.card.encrypted.length > 0, 'card.encrypted');
    need(Number.isInteger(input?.installments) && input.installments >= 1 && input.installments <= 12, 'installments');
    need(input?.threeDsId === undefined || /^3DS_[0-9a-f-]{36}$/.test(input.threeDsId), 'threeDsId');
    need(method !== 'DEBIT_CARD' || input?.threeDsId !== undefined, 'threeDsId');
  }
  if (fields.length) return { ok: false, fields };

  const phone = digits(c.phone);
  const address = {
    street: a.street.trim(),
    number: a.number.trim(),
    complement: a.complement?.trim() || undefined,
    locality: a.locality.trim(),
    city: a.city.trim(),
    region_code: a.regionCode.trim().toUpperCase(),
    country: 'BRA',
    postal_code: digits(a.postalCode),
  };
  const amount = { value: CART_TOTAL, currency: 'BRL' };
  let payment_method;
  if (method === 'BOLETO') {
    const due = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    payment_method = {
      type: 'BOLETO',
      boleto: {
        due_date: due,
        instruction_lines: { line_1: 'Pagamento processado para DESC Fatura', line_2: 'Via Gateway' },
        holder: {
          name: c.name.trim(),
          tax_id: digits(c.taxId),
          email: c.email.trim(),
          address: { country: 'Brasil', region: a.region?.trim() || a.regionCode.trim(), region_code: address.region_code, city: address.city, postal_code: address.postal_code, street: address.street, number: address.number, locality: address.locality },
        },
      },
    };
  } else {
    payment_method = {
      type: method,
      installments: input.installments,
      capture: true,
      soft_descriptor: 'CAFE EXEMPLO',
      card: { encrypted: input.card.encrypted, store: false },
      ...(input.threeDsId && { authentication_method: { type: 'THREEDS', id: input.threeDsId } }),
    };
  }
  return {
    ok: true,
    body: {
      reference_id: `pedido-${Date.now()}`,
      customer: { name: c.name.trim(), email: c.email.trim(), tax_id: digits(c.taxId), phones: [{ country: '55', area: phone.slice(0, 2), number: phone.slice(2), type: 'MOBILE' }] },
      items: CART,
      shipping: { address },
      charges: [{ reference_id: `cobranca-${Date.now()}`, description: 'Compra na Loja Exemplo', amount, payment_method }],
    },
  };
}

/** What the page may see of the API's answer: statuses and boleto lines, no internals. */
export function publicOrderResult({ status, body, traceId }) {
  if (status >= 400) {
    return { ok: false, httpStatus: status, traceId, errors: (body?.error_messages ?? []).map((e) => ({ code: e.code, parameter: e.parameter_name, description: e.description })) };
  }
  const charge = body.charges?.[0];
  const boleto = charge?.payment_method?.boleto;
  return {
    ok: true,
    traceId,
    orderId: body.id,
    chargeId: charge?.id,
    chargeStatus: charge?.status,
    message: charge?.payment_response?.message,
    code: charge?.payment_response?.code,
    boleto: boleto && { formattedBarcode: boleto.formatted_barcode, dueDate: boleto.due_date, pdf: `/api/boleto/${charge.id}` },
  };
}

// The installment plans the shop offers, from Gateway's GET /charges/fees/calculate: the page
// shows them in "Parcelas", and the server charges (and the page authenticates) the amount of the
// plan the shopper chose. The server asks Gateway again when it creates the order: what is
// charged never comes from the page.

/**
 * The shop's offer: up to 12 installments, the first 3 without interest (the shop pays for
 * those); beyond them the shopper pays the interest of the Gateway account's rate.
 */
export const INSTALLMENT_OFFER = Object.freeze({ maxInstallments: 12, maxInstallmentsNoInterest: 3 });

/**
 * The plans for `value` cents, as the page shows them: `{ installments, installmentValue,
 * interestFree, amount }`. Without a BIN Gateway answers every network; the sandbox offers the
 * same plans on each, so the first network's are the shop's. (A provider whose plans differ by
 * network is asked with the card's `credit_card_bin`.) Undefined when Gateway did not answer.
 * @param {(method: string, path: string) => Promise<{ status: number, body: any, traceId: string }>} call
 * @param {number} value
 */
export async function installmentPlans(call, value) {
  const query = new URLSearchParams({
    payment_methods: 'CREDIT_CARD',
    value: String(value),
    max_installments: String(INSTALLMENT_OFFER.maxInstallments),
    max_installments_no_interest: String(INSTALLMENT_OFFER.maxInstallmentsNoInterest),
  });
  const r = await call('GET', `/charges/fees/calculate?${query}`);
  const networks = r.status === 200 ? Object.values(r.body?.payment_methods?.credit_card ?? {}) : [];
  if (!networks.length) {
    console.warn(`GET /charges/fees/calculate ${r.status} trace=${r.traceId}`);
    return undefined;
  }
  return networks[0].installment_plans.map((p) => ({
    installments: p.installments,
    installmentValue: p.installment_value,
    interestFree: p.interest_free,
    amount: p.amount.value,
  }));
}

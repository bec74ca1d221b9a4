import { test, expect, payCheckout } from '@gateway/sdk/testing';

// Your server's call: a payment link for the cart, as the provider's Checkout API takes it.
const createCheckout = async (apiUrl: string, token: string) => {
  const res = await fetch(`${apiUrl}/checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      reference_id: 'pedido-42',
      items: [{ name: 'Camiseta', quantity: 1, unit_amount: 15000 }],
      payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }],
    }),
  });
  return res.json();
};

for (const method of ['CREDIT_CARD', 'PIX'] as const) {
  test(`hosted checkout: the shopper pays by ${method} on the PAY link`, async ({ page, gateway }) => {
    const checkout = await createCheckout(gateway.apiUrl, gateway.token);
    await page.goto(checkout.links.find((link: { rel: string }) => link.rel === 'PAY').href);
    const { result, orderId } = await payCheckout(page, { method, card: 'challenge' });
    expect(result).toBe('PAID');
    const headers = { Authorization: `Bearer ${gateway.token}` };
    const paid = await (await fetch(`${gateway.apiUrl}/checkouts/${checkout.id}`, { headers })).json();
    expect(paid.orders[0]).toMatchObject({ id: orderId, charges: [{ status: 'PAID' }] });
  });
}

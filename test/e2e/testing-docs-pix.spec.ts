import { test, expect } from '@gateway/sdk/testing';

// Your server's call: a Pix order of R$ 150,00, created with the merchant's token.
const createPixOrder = async (apiUrl: string, token: string) => {
  const res = await fetch(`${apiUrl}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Maria Silva', email: 'maria@example.com', tax_id: '12345678909' },
      qr_codes: [{ amount: { value: 15000 } }],
    }),
  });
  return (await res.json()).qr_codes[0];
};

test('Pix: the shopper scans the code and pays', async ({ gateway, request }) => {
  const qrCode = await createPixOrder(gateway.apiUrl, gateway.token);
  const image = await request.get(qrCode.links[0].href); // what your page shows: no token needed
  expect(image.headers()['content-type']).toBe('image/png');
  const order = await gateway.payPixCode(qrCode.id);
  expect(order.charges[0]).toMatchObject({ status: 'PAID', payment_method: { type: 'PIX' } });
});

test('Pix: the code expires unpaid and can no longer be paid', async ({ gateway }) => {
  const qrCode = await createPixOrder(gateway.apiUrl, gateway.token);
  await gateway.expirePixCode(qrCode.id);
  await expect(gateway.payPixCode(qrCode.id)).rejects.toThrow(/409/);
});

// The merchant's checkout script on the strict-CSP page: validates one invalid and one valid
// request with the SDK, then publishes what happened on window.__checkout.
(async () => {
  const G = window.Gateway;
  const data = () => ({
    customer: {
      name: 'Maria Silva',
      email: 'maria@example.com.br',
      phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
    },
    paymentMethod: {
      type: 'CREDIT_CARD',
      installments: 1,
      card: { number: '4000000000002503', expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
    },
    amount: { value: 15000, currency: 'BRL' },
    billingAddress: {
      street: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      regionCode: 'SP',
      country: 'BRA',
      postalCode: '01310-100',
    },
  });
  const settle = (request) =>
    G.authenticate3DS(request).then(
      (result) => ({ ok: true, result }),
      (error) => ({ ok: false, error: JSON.parse(JSON.stringify(error)) }),
    );
  // The merchant's own origin as API: it answers 404, so nothing leaves the machine.
  G.setUp({ session: 'sess_csp_0001', env: G.env.SANDBOX, apiUrl: location.origin });
  const invalid = data();
  invalid.customer.name = 'Maria';
  invalid.amount.value = 99;
  const results = [await settle({ data: invalid, dataOnly: false }), await settle({ data: data(), dataOnly: false })];
  window.__checkout = results;
})();

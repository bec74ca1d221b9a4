// The 3DS request both benches send (bench:sandbox over HTTP, bench:challenge through the SDK in a
// page): one shopper, one address, the card under test. Plain .mjs: the benches run without a build.

/** The `data` of an authenticate3DS request (and of the 3DS endpoint's body) for `card`. */
export const threeDsData = (card) => ({
  customer: {
    name: 'Maria Silva',
    email: 'maria@example.com.br',
    phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
  },
  paymentMethod: {
    type: 'CREDIT_CARD',
    installments: 1,
    card: { number: card, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
  },
  amount: { value: 15_000, currency: 'BRL' },
  billingAddress: {
    street: 'Avenida Paulista',
    number: '1000',
    city: 'São Paulo',
    regionCode: 'SP',
    country: 'BRA',
    postalCode: '01310100',
  },
});

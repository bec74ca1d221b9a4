import fc from 'fast-check';

/** Appends the Luhn check digit to a string of digits. */
export function withLuhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0 && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const letters = fc.stringMatching(/^[A-Za-zÁÉÍÓÚÂÊÔÃÕÇáéíóúâêôãõçüÜñÑ]{1,12}$/);
const text = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
const oneOfForms = <T>(value: T) => fc.constantFrom(value, String(value));

const phone = (type: fc.Arbitrary<string>) =>
  fc.record({
    country: fc.oneof(digits(1, 3), fc.integer({ min: 0, max: 999 })),
    area: fc.oneof(digits(1, 3), fc.integer({ min: 0, max: 999 })),
    number: fc.oneof(digits(8, 9), fc.integer({ min: 10_000_000, max: 999_999_999 })),
    type,
  });

const phones = fc
  .tuple(
    fc.array(phone(fc.constantFrom('MOBILE', 'HOME', 'BUSINESS')), { maxLength: 3 }),
    phone(fc.constant('MOBILE')),
    fc.nat(),
  )
  .map(([others, mobile, at]) => {
    const list: unknown[] = [...others];
    list.splice(at % (others.length + 1), 0, mobile);
    return list;
  });

// The name on the card (src/core/field-rules.ts): 2 to 64 letters, spaces, ' . -.
const holder = fc.record({
  name: fc.stringMatching(/^[A-Za-zÁÉÍÓÚÂÊÔÃÕÇáéíóúâêôãõç'. -]{2,64}$/).filter((s) => s.trim().length >= 2),
});
const currentYear = new Date().getFullYear();

const card = fc.oneof(
  fc
    .record({ id: text(128) }, { requiredKeys: ['id'] })
    .chain((c) => fc.option(holder, { nil: undefined }).map((h) => (h ? { ...c, holder: h } : c))),
  fc
    .record({ encrypted: text(4096) })
    .chain((c) => fc.option(holder, { nil: undefined }).map((h) => (h ? { ...c, holder: h } : c))),
  fc.record({
    number: fc
      .integer({ min: 12, max: 20 })
      .chain((n) => digits(n, n))
      .map(withLuhnDigit),
    expMonth: fc.integer({ min: 1, max: 12 }).chain(oneOfForms),
    expYear: fc.integer({ min: currentYear + 1, max: 9999 }).chain(oneOfForms),
    holder,
  }),
);

const address = fc.record(
  {
    street: text(160),
    number: text(20),
    complement: fc.string({ maxLength: 120 }),
    city: text(90),
    regionCode: fc.stringMatching(/^[A-Za-z]{2}$/),
    country: fc.constantFrom('BRA', 'ARG', 'USA', 'PRT', 'DEU', 'JPN'),
    postalCode: fc.oneof(
      digits(5, 10),
      fc.tuple(digits(5, 5), digits(3, 3)).map(([a, b]) => `${a}-${b}`),
    ),
  },
  { requiredKeys: ['street', 'number', 'city', 'regionCode', 'country', 'postalCode'] },
);

const addresses = fc.oneof(
  fc.record({ billingAddress: address }),
  fc.record({ shippingAddress: address }),
  fc.record({ billingAddress: address, shippingAddress: address }),
);

/** Keys the SDK does not know, as plugins send them. */
const unknownKeys = fc.dictionary(fc.stringMatching(/^x[A-Za-z]{1,8}$/), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

/** The `data` of a request that satisfies every rule. */
export const validData = fc
  .record({
    customer: fc.record({
      name: fc.array(letters, { minLength: 2, maxLength: 4 }).map((w) => w.join(' ')),
      email: fc
        .tuple(
          fc.stringMatching(/^[a-z0-9._+-]{1,20}$/),
          fc.array(fc.stringMatching(/^[a-z0-9-]{1,10}$/), { minLength: 2, maxLength: 3 }),
        )
        .map(([local, labels]) => `${local}@${labels.join('.')}`),
      phones,
    }),
    paymentMethod: fc.record({
      type: fc.constantFrom('CREDIT_CARD', 'DEBIT_CARD'),
      installments: fc.integer({ min: 1, max: 12 }).chain(oneOfForms),
      card,
    }),
    amount: fc.record({ value: fc.integer({ min: 100, max: 999_999_999 }), currency: fc.constant('BRL') }),
    addresses,
    extra: unknownKeys,
  })
  .map(({ addresses: a, extra, ...rest }) => ({ ...extra, ...rest, ...a }));

/** A whole valid request: dataOnly beside data, inside it, or both. */
export const validRequest = fc
  .tuple(validData, fc.constantFrom('beside', 'inside', 'both'), unknownKeys)
  .map(([data, where, extra]) => ({
    ...extra,
    data: where === 'beside' ? data : { ...data, dataOnly: false },
    ...(where === 'inside' ? {} : { dataOnly: false }),
  }));

const throwing = () => {
  throw new Error('hostile');
};

/** Values a page could hand over that are not data at all. */
export const hostileValue = fc.constantFrom<() => unknown>(
  () =>
    new Proxy(
      {},
      { get: throwing, ownKeys: throwing, getPrototypeOf: throwing, has: throwing, getOwnPropertyDescriptor: throwing },
    ),
  () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  },
  () => Object.defineProperty({}, 'name', { get: throwing, enumerable: true }),
  () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    cyclic.name = cyclic;
    return cyclic;
  },
  () => 'x'.repeat(1 << 20),
  () => new Array(1 << 20),
  () => Symbol('value'),
  () => 12345678901234567890n,
  () => new Date(Number.NaN),
  () => Object.create(null),
  () =>
    new (class Customer {
      name = 'Maria Silva';
    })(),
);

/**
 * Makers of anything at all, hostile values included. Makers, not values: fast-check looks
 * into what it generates, and a hostile value would throw inside fast-check itself.
 */
export const anyValue: fc.Arbitrary<() => unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withSparseArray: true,
        withNullPrototype: true,
        withObjectString: true,
        withBoxedValues: true,
      })
      .map((v) => () => v),
  },
  { weight: 1, arbitrary: hostileValue },
);

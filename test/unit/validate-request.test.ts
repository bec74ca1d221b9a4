import { describe, expect, it, vi } from 'vitest';
import { validateRequest } from '../../src/sdk/validate-request';
import { CARD_NUMBER, remove, set, validAddress, validData, validRequest } from './support/requests';

const MISSING = '40001';
const INVALID = '40002';

/** The [code, parameterName] pairs of a failed validation, or "valid". */
function outcome(request: unknown): 'valid' | Array<[string, string]> {
  const result = validateRequest(request);
  return result.ok ? 'valid' : result.errors.map((e) => [e.code, e.parameterName]);
}

const withValue = (path: string, value: unknown) => set(validRequest(), path, value);
const without = (path: string) => remove(validRequest(), path);

/** A field rule: values that pass, and values that fail with a code at the field's own path. */
interface Rule {
  path: string;
  valid: unknown[];
  invalid: unknown[];
  /** Whether leaving the field out is a 40001 at its path (false: the field is optional). */
  required: boolean;
}

const addressRules = (which: 'billingAddress' | 'shippingAddress'): Rule[] => [
  { path: `data.${which}.street`, required: true, valid: ['Rua Augusta'], invalid: ['', '   ', 42, 'x'.repeat(161)] },
  { path: `data.${which}.number`, required: true, valid: ['1000', 'S/N'], invalid: ['', 7, 'x'.repeat(21)] },
  { path: `data.${which}.city`, required: true, valid: ['Rio de Janeiro'], invalid: ['', {}, 'x'.repeat(91)] },
  {
    path: `data.${which}.regionCode`,
    required: true,
    valid: ['RJ', 'sp', ' MG '],
    invalid: ['', 'S', 'SPX', 'São Paulo', 'S1', 35],
  },
  {
    path: `data.${which}.country`,
    required: true,
    valid: ['BRA', 'USA', 'PRT'],
    invalid: ['BR', 'bra', 'XXX', 'Brasil', 76],
  },
  {
    path: `data.${which}.postalCode`,
    required: true,
    valid: ['01310100', '01310-100', '12345', '1234567890'],
    invalid: ['1234', '12345678901', 'abcde', '0131O100', 1310100],
  },
  { path: `data.${which}.complement`, required: false, valid: ['fundos', ''], invalid: [42, 'x'.repeat(121)] },
];

const rules: Rule[] = [
  { path: 'data.customer', required: true, valid: [validData().customer], invalid: ['Maria', [], 42] },
  {
    path: 'data.customer.name',
    required: true,
    valid: ['Maria Silva', "Joana D'Ávila Souza", 'José  Araújo-Lima', '  Ana Lima  '],
    invalid: ['Maria', 'Maria S1lva', 'Maria 2', 'Maria $ilva', 'Maria_Silva Souza', '', 42, 'a '.repeat(80)],
  },
  {
    path: 'data.customer.email',
    required: true,
    valid: ['a@b.co', 'maria+loja@example.com.br'],
    invalid: ['maria', 'maria@', '@example.com', 'maria@example', 'maria silva@example.com', 'maria@@example.com', 42],
  },
  {
    path: 'data.customer.phones',
    required: true,
    valid: [[{ country: 55, area: 21, number: 987654321, type: 'MOBILE' }]],
    invalid: ['912345678', {}],
  },
  {
    path: 'data.customer.phones[0].country',
    required: true,
    valid: ['55', 1, '351'],
    invalid: ['+55', 'BR', '5555', -55, 5.5],
  },
  { path: 'data.customer.phones[0].area', required: true, valid: ['11', 21], invalid: ['(11)', 'SP', '1234'] },
  {
    path: 'data.customer.phones[0].number',
    required: true,
    valid: ['91234567', '912345678', 912345678],
    invalid: ['1234567', '1234567890', '91234-5678', 'nine', 9.5],
  },
  {
    path: 'data.customer.phones[1].type',
    required: true,
    valid: ['HOME', 'BUSINESS', 'MOBILE'],
    invalid: ['mobile', 'CELL', 1],
  },
  { path: 'data.paymentMethod', required: true, valid: [validData().paymentMethod], invalid: ['CREDIT_CARD', []] },
  {
    path: 'data.paymentMethod.type',
    required: true,
    valid: ['CREDIT_CARD', 'DEBIT_CARD'],
    invalid: ['BOLETO', 'credit_card', 0],
  },
  {
    path: 'data.paymentMethod.installments',
    required: true,
    valid: [1, 12, '6'],
    invalid: [0, 13, 1.5, -1, 'six', '', NaN, Infinity],
  },
  {
    path: 'data.paymentMethod.card',
    required: true,
    valid: [{ id: 'CARD_1234' }, { encrypted: 'ZW5jcnlwdGVk' }],
    invalid: ['4000000000002503', []],
  },
  {
    path: 'data.paymentMethod.card.number',
    required: false,
    valid: [
      CARD_NUMBER,
      '4000 0000 0000 2503',
      '4000-0000-0000-2503',
      '5200000000001096',
      '6505050000001091',
      '4000000000000002',
    ] as unknown[],
    invalid: [
      '4000000000002504', // Luhn fails
      '424242424242', // 12 digits
      '4242424242424242424241', // 22 digits
      '4000x00000002503',
      4000000000002503,
    ],
  },
  {
    path: 'data.paymentMethod.card.expMonth',
    required: true,
    valid: [1, 12, '12', '01'],
    invalid: [0, 13, 1.5, 'Dec', ''],
  },
  {
    path: 'data.paymentMethod.card.expYear',
    required: true,
    valid: [2099, '2099', 9999],
    invalid: [99, '99', 20301, 2099.5, 'next'],
  },
  {
    path: 'data.paymentMethod.card.holder.name',
    required: true,
    valid: ['MARIA SILVA', 'Mo', "J. D'Ávila-Souza", 'x'.repeat(64)],
    invalid: ['', '  ', 'M', 42, 'x'.repeat(65), 'Maria 2', 'Maria@Silva'],
  },
  { path: 'data.amount', required: true, valid: [{ value: 100, currency: 'BRL' }], invalid: [100, 'BRL 100'] },
  {
    path: 'data.amount.value',
    required: true,
    valid: [100, 999_999, '100'],
    invalid: [99, 0, -100, 100.5, '1,00', 1e12],
  },
  { path: 'data.amount.currency', required: true, valid: ['BRL'], invalid: ['USD', 'brl', 986] },
  ...addressRules('billingAddress'),
  ...addressRules('shippingAddress'),
];

describe('validateRequest: one rule at a time', () => {
  const base = () => {
    // Both addresses present, so each address field can be checked on its own.
    const request = validRequest();
    set(request, 'data.shippingAddress', { ...validAddress(), complement: undefined });
    return request;
  };

  it('accepts the base request', () => {
    expect(outcome(base())).toBe('valid');
    expect(outcome(validRequest())).toBe('valid');
  });

  for (const rule of rules) {
    describe(rule.path, () => {
      it.each(rule.valid.map((v) => [v]))('accepts %j', (value) => {
        expect(outcome(set(base(), rule.path, value))).toBe('valid');
      });
      it.each(rule.invalid.map((v) => [v]))('rejects %j with 40002 on its path', (value) => {
        expect(outcome(set(base(), rule.path, value))).toEqual([[INVALID, rule.path]]);
      });
      if (rule.required) {
        it('reports 40001 when it is missing', () => {
          expect(outcome(remove(base(), rule.path))).toEqual([[MISSING, rule.path]]);
        });
        it('reports 40001 when it is null', () => {
          expect(outcome(set(base(), rule.path, null))).toEqual([[MISSING, rule.path]]);
        });
      } else {
        it('may be left out', () => {
          const request = remove(base(), rule.path);
          if (rule.path.endsWith('card.number')) set(request, 'data.paymentMethod.card.id', 'CARD_1');
          expect(outcome(request)).toBe('valid');
        });
      }
    });
  }
});

describe('validateRequest: rules that span fields', () => {
  it('phones must not be empty (40001)', () => {
    expect(outcome(withValue('data.customer.phones', []))).toEqual([[MISSING, 'data.customer.phones']]);
  });

  it('phones must include a MOBILE one (40002 on the list)', () => {
    const request = withValue('data.customer.phones[0].type', 'BUSINESS');
    expect(outcome(request)).toEqual([[INVALID, 'data.customer.phones']]);
  });

  it('a MOBILE phone anywhere in the list is enough', () => {
    const request = validRequest();
    const phones = (request.data as { customer: { phones: unknown[] } }).customer.phones;
    phones.reverse();
    expect(outcome(request)).toBe('valid');
  });

  it('the card needs one of its three forms (40001 on card)', () => {
    expect(outcome(withValue('data.paymentMethod.card', {}))).toEqual([[MISSING, 'data.paymentMethod.card']]);
    expect(outcome(withValue('data.paymentMethod.card', { holder: { name: 'Maria Silva' } }))).toEqual([
      [MISSING, 'data.paymentMethod.card'],
    ]);
  });

  it.each([
    ['id', { id: 'CARD_1234' }],
    ['encrypted', { encrypted: 'ZW5jcnlwdGVk' }],
    ['id with holder.name', { id: 'CARD_1234', holder: { name: 'Maria Silva' } }],
    ['encrypted with holder.name', { encrypted: 'ZW5jcnlwdGVk', holder: { name: 'Maria Silva' } }],
    [
      'number group with numeric strings',
      { number: CARD_NUMBER, expMonth: '07', expYear: '2099', holder: { name: 'Maria Silva' } },
    ],
  ])('accepts the card as %s', (_, card) => {
    expect(outcome(withValue('data.paymentMethod.card', card))).toBe('valid');
  });

  it.each([
    ['number and id', { number: CARD_NUMBER, expMonth: 12, expYear: 2099, holder: { name: 'A B' }, id: 'CARD_1' }],
    [
      'number and encrypted',
      { number: CARD_NUMBER, expMonth: 12, expYear: 2099, holder: { name: 'A B' }, encrypted: 'ZW5j' },
    ],
    ['id and encrypted', { id: 'CARD_1', encrypted: 'ZW5j' }],
  ])('rejects %s together (40002 on card)', (_, card) => {
    expect(outcome(withValue('data.paymentMethod.card', card))).toEqual([[INVALID, 'data.paymentMethod.card']]);
  });

  it('a card number needs expMonth, expYear and holder.name (40001 on each)', () => {
    expect(outcome(withValue('data.paymentMethod.card', { number: CARD_NUMBER }))).toEqual([
      [MISSING, 'data.paymentMethod.card.expMonth'],
      [MISSING, 'data.paymentMethod.card.expYear'],
      [MISSING, 'data.paymentMethod.card.holder.name'],
    ]);
    expect(outcome(without('data.paymentMethod.card.holder'))).toEqual([
      [MISSING, 'data.paymentMethod.card.holder.name'],
    ]);
  });

  it('an expired card is refused on expYear', () => {
    const request = validRequest();
    set(request, 'data.paymentMethod.card.expYear', 2020);
    set(request, 'data.paymentMethod.card.expMonth', 1);
    expect(outcome(request)).toEqual([[INVALID, 'data.paymentMethod.card.expYear']]);
  });

  it('the current month is not expired yet', () => {
    const now = new Date();
    const request = validRequest();
    set(request, 'data.paymentMethod.card.expYear', now.getFullYear());
    set(request, 'data.paymentMethod.card.expMonth', now.getMonth() + 1);
    expect(outcome(request)).toBe('valid');
  });

  it('needs billingAddress or shippingAddress (40001 on billingAddress)', () => {
    expect(outcome(without('data.billingAddress'))).toEqual([[MISSING, 'data.billingAddress']]);
    expect(outcome(withValue('data.billingAddress', null))).toEqual([[MISSING, 'data.billingAddress']]);
  });

  it('a shipping address alone is enough, with or without complement', () => {
    const request = without('data.billingAddress');
    set(request, 'data.shippingAddress', validAddress());
    expect(outcome(request)).toBe('valid');
    remove(request, 'data.shippingAddress.complement');
    expect(outcome(request)).toBe('valid');
  });

  it('a shipping address does not excuse a broken billing address', () => {
    const request = withValue('data.billingAddress.country', 'BR');
    set(request, 'data.shippingAddress', validAddress());
    expect(outcome(request)).toEqual([[INVALID, 'data.billingAddress.country']]);
  });

  it('a billing address that is not an object is invalid (40002)', () => {
    expect(outcome(withValue('data.billingAddress', 'Av. Paulista 1000'))).toEqual([[INVALID, 'data.billingAddress']]);
  });
});

describe('validateRequest: top-level fields', () => {
  it('data is required', () => {
    expect(outcome({ dataOnly: false })).toEqual([[MISSING, 'data']]);
    expect(outcome({ dataOnly: false, data: null })).toEqual([[MISSING, 'data']]);
  });

  it.each([
    ['a string', 'data'],
    ['a number', 42],
    ['an array', []],
  ])('data as %s is invalid (40002)', (_, data) => {
    expect(outcome({ dataOnly: false, data })).toEqual([[INVALID, 'data']]);
  });

  it('dataOnly may be given beside data (docs/rules.md)', () => {
    expect(outcome(validRequest())).toBe('valid');
  });

  it('dataOnly may be given inside data (as checkout plugins send it)', () => {
    const request = without('dataOnly');
    set(request, 'data.dataOnly', false);
    expect(outcome(request)).toBe('valid');
  });

  it('dataOnly in both places is fine when both are false', () => {
    expect(outcome(withValue('data.dataOnly', false))).toBe('valid');
  });

  it('dataOnly missing in both places is a 40001 on dataOnly', () => {
    expect(outcome(without('dataOnly'))).toEqual([[MISSING, 'dataOnly']]);
  });

  it.each([true, 'false', 0])('dataOnly %j beside data is invalid (40002)', (value) => {
    expect(outcome(withValue('dataOnly', value))).toEqual([[INVALID, 'dataOnly']]);
  });

  it('dataOnly null is not given: 40001, unless data holds it', () => {
    expect(outcome(withValue('dataOnly', null))).toEqual([[MISSING, 'dataOnly']]);
    expect(outcome(set(withValue('dataOnly', null), 'data.dataOnly', false))).toBe('valid');
  });

  it('dataOnly true inside data is invalid on data.dataOnly', () => {
    const request = without('dataOnly');
    set(request, 'data.dataOnly', true);
    expect(outcome(request)).toEqual([[INVALID, 'data.dataOnly']]);
  });

  it('beforeChallenge, when present, must be a function', () => {
    expect(outcome(withValue('beforeChallenge', () => undefined))).toBe('valid');
    expect(outcome(withValue('beforeChallenge', undefined))).toBe('valid');
    expect(outcome(withValue('beforeChallenge', 'openChallenge'))).toEqual([[INVALID, 'beforeChallenge']]);
    expect(outcome(withValue('beforeChallenge', {}))).toEqual([[INVALID, 'beforeChallenge']]);
  });

  it('onStatusChange, when present, must be a function', () => {
    expect(outcome(withValue('onStatusChange', () => undefined))).toBe('valid');
    expect(outcome(withValue('onStatusChange', 1))).toEqual([[INVALID, 'onStatusChange']]);
  });

  it('signal, when present, must be an AbortSignal', () => {
    expect(outcome(withValue('signal', new AbortController().signal))).toBe('valid');
    expect(outcome(withValue('signal', { aborted: false }))).toEqual([[INVALID, 'signal']]);
  });

  it('where the page has no AbortSignal, a signal given is reported, not thrown', () => {
    vi.stubGlobal('AbortSignal', undefined);
    try {
      expect(outcome(withValue('signal', { aborted: false }))).toEqual([[INVALID, 'signal']]);
      expect(outcome(withValue('signal', undefined))).toBe('valid');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('challengeTimeout, when present, must be 1000 to 3600000 ms', () => {
    expect(outcome(withValue('challengeTimeout', 1000))).toBe('valid');
    expect(outcome(withValue('challengeTimeout', 3_600_000))).toBe('valid');
    for (const bad of [999, 3_600_001, 1500.5, '60000'])
      expect(outcome(withValue('challengeTimeout', bad))).toEqual([[INVALID, 'challengeTimeout']]);
  });

  it('hands the options on', () => {
    const beforeChallenge = () => undefined;
    const signal = new AbortController().signal;
    const result = validateRequest({ ...validRequest(), beforeChallenge, signal, challengeTimeout: 5000 });
    expect(result.ok && result.value.options).toEqual({ beforeChallenge, signal, challengeTimeout: 5000 });
  });
});

describe('validateRequest: every problem at once', () => {
  it('reports each broken field, in one pass, each with its own path and code', () => {
    const request = validRequest();
    remove(request, 'dataOnly');
    set(request, 'beforeChallenge', 'nope');
    set(request, 'data.customer.name', 'Maria');
    remove(request, 'data.customer.email');
    set(request, 'data.customer.phones[0].number', '123');
    set(request, 'data.paymentMethod.installments', 13);
    set(request, 'data.paymentMethod.card.number', '4000000000002504');
    remove(request, 'data.paymentMethod.card.expMonth');
    set(request, 'data.amount.value', 99);
    set(request, 'data.amount.currency', 'USD');
    set(request, 'data.billingAddress.postalCode', '123');
    const result = outcome(request);
    expect(result).not.toBe('valid');
    expect(new Set(result as Array<[string, string]>)).toEqual(
      new Set([
        [MISSING, 'dataOnly'],
        [INVALID, 'beforeChallenge'],
        [INVALID, 'data.customer.name'],
        [MISSING, 'data.customer.email'],
        [INVALID, 'data.customer.phones[0].number'],
        [INVALID, 'data.paymentMethod.installments'],
        [INVALID, 'data.paymentMethod.card.number'],
        [MISSING, 'data.paymentMethod.card.expMonth'],
        [INVALID, 'data.amount.value'],
        [INVALID, 'data.amount.currency'],
        [INVALID, 'data.billingAddress.postalCode'],
      ]),
    );
  });

  it('reports one item per parameter, never two for the same path', () => {
    const result = validateRequest(withValue('data.customer.name', 'x'.repeat(200)));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.parameterName)).toEqual(['data.customer.name']);
  });

  it('describes each problem in words that name the parameter', () => {
    const result = validateRequest(withValue('data.customer.phones[0].number', '123'));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]!.description).toMatch(/^data\.customer\.phones\[0\]\.number .*8 or 9 digits/);
    }
  });

  it('says what a missing field must be', () => {
    const result = validateRequest(without('data.amount.currency'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]!.description).toMatch(/^data\.amount\.currency is required.*BRL/);
  });
});

describe('validateRequest: what is sent', () => {
  it('normalises the data: digits as strings, numbers as numbers, trimmed text, one card form', () => {
    const request = validRequest();
    set(request, 'data.customer.name', '  Maria Silva ');
    set(request, 'data.customer.phones', [{ country: 55, area: 11, number: 912345678, type: 'MOBILE' }]);
    set(request, 'data.paymentMethod.installments', '3');
    set(request, 'data.paymentMethod.card', {
      number: '4000 0000 0000 2503',
      expMonth: '07',
      expYear: '2099',
      holder: { name: 'MARIA SILVA' },
    });
    set(request, 'data.billingAddress.postalCode', '01310-100');
    const result = validateRequest(request);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.data).toEqual({
      customer: {
        name: 'Maria Silva',
        email: 'maria.silva@example.com.br',
        phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
      },
      paymentMethod: {
        type: 'CREDIT_CARD',
        installments: 3,
        card: { number: CARD_NUMBER, expMonth: 7, expYear: 2099, holder: { name: 'MARIA SILVA' } },
      },
      amount: { value: 10_000, currency: 'BRL' },
      billingAddress: { ...validAddress(), postalCode: '01310100' },
    });
  });

  it('drops unknown keys at every level, and dataOnly inside data', () => {
    const request = validRequest();
    Object.assign(request, { plugin: 'woo' });
    const data = request.data as Record<string, Record<string, unknown>>;
    Object.assign(data, { dataOnly: false, orderId: 77 });
    Object.assign(data.customer!, { taxId: '12345678909' });
    Object.assign(data.paymentMethod!, { capture: true });
    Object.assign(data.paymentMethod!.card as Record<string, unknown>, { securityCode: '123', brand: 'visa' });
    Object.assign(data.amount!, { summary: {} });
    Object.assign(data.billingAddress!, { region: 'São Paulo' });
    const result = validateRequest(request);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const sent = JSON.stringify(result.value.data);
    for (const key of [
      'plugin',
      'dataOnly',
      'orderId',
      'taxId',
      'capture',
      'securityCode',
      'brand',
      'summary',
      'region',
    ])
      expect(sent).not.toContain(`"${key}"`);
    expect(result.value.data).toEqual(
      validateRequest(validRequest()).ok &&
        (validateRequest(validRequest()) as { value: { data: unknown } }).value.data,
    );
  });

  it('keeps holder.name beside a tokenized card, and takes null for "not given"', () => {
    const result = validateRequest(
      withValue('data.paymentMethod.card', {
        id: 'CARD_1234',
        holder: { name: 'Maria Silva' },
        number: undefined,
        encrypted: null,
      }),
    );
    expect(result.ok && result.value.data.paymentMethod.card).toEqual({
      id: 'CARD_1234',
      holder: { name: 'Maria Silva' },
    });
  });

  it('sends one card form: no other form, no nameless holder, nothing left undefined', () => {
    const sent = (card: unknown) => {
      const result = validateRequest(withValue('data.paymentMethod.card', card));
      return result.ok ? JSON.stringify(result.value.data.paymentMethod.card) : result.errors;
    };
    expect(sent({ id: 'CARD_1234', holder: {}, number: undefined, encrypted: null })).toBe('{"id":"CARD_1234"}');
    expect(sent({ encrypted: 'ZW5j', holder: { name: undefined }, expMonth: undefined })).toBe('{"encrypted":"ZW5j"}');
    expect(
      sent({ holder: { name: 'Maria Silva' }, expYear: 2099, id: undefined, expMonth: 7, number: CARD_NUMBER }),
    ).toBe(`{"number":"${CARD_NUMBER}","expMonth":7,"expYear":2099,"holder":{"name":"Maria Silva"}}`);
  });

  it('takes null in an optional field for "not given", and does not send it', () => {
    const request = withValue('data.billingAddress.complement', null);
    set(request, 'data.shippingAddress', null);
    const result = validateRequest(request);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.data.billingAddress).not.toHaveProperty('complement');
    expect(result.value.data).not.toHaveProperty('shippingAddress');
  });
});

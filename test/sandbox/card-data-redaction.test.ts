import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { redactBody } from '../../src/sandbox/journal/redact-body';

const NUMBER = '4000000000002370';
const AMEX = '378282246310005';
const CODE = '9731';

/** Every way the tests write a card number: plain and separated as people and programs separate it. */
const FORMS = [
  NUMBER,
  '4000 0000 0000 2370',
  '4000-0000-0000-2370',
  '4000.0000.0000.2370',
  '4000%200000%200000%202370',
  '4000\u00a00000\u00a00000\u00a02370',
  '4000\u200b0000\u200b0000\u200b2370',
  '4000 - 0000 - 0000 - 2370',
  '4000/0000/0000/2370',
  '４０００００００００００２３７０',
];

const CARDS = [NUMBER, AMEX, '5200000000001096', '6505050000001091'];

/** Whether a text holds one of the test's card numbers, however separated: its digits alone, in order. */
const holdsCard = (text: string) => {
  const digits = text
    .normalize('NFKC')
    .replace(/%20/g, '')
    .replace(/[^0-9]/g, '');
  return CARDS.some((card) => digits.includes(card));
};

const stored = (body: unknown) => redactBody(typeof body === 'string' ? body : JSON.stringify(body));

describe('the request log keeps no card data of a JSON body', () => {
  it('a card number and security code by key, the rest as sent', () => {
    const text = stored({
      reference_id: 'cobranca-1795878563495',
      charges: [{ amount: { value: 1000 }, payment_method: { card: { number: NUMBER, security_code: CODE } } }],
      customer: { phones: [{ number: '912345678' }] },
    });
    expect(JSON.parse(text)).toEqual({
      reference_id: 'cobranca-1795878563495',
      charges: [
        { amount: { value: 1000 }, payment_method: { card: { number: '[redacted]', security_code: '[redacted]' } } },
      ],
      customer: { phones: [{ number: '912345678' }] },
    });
  });

  it('whatever the key looks like: escaped, cased, camel, full-width, a cards list, a card as a plain value', () => {
    const bodies = [
      `{"card":{"number":"${AMEX}","security\\u005fcode":"${CODE}"}}`,
      `{"card":{"\\u006eumber":"${AMEX}","\\u0073ecurity_code":"${CODE}"}}`,
      `{"card":{"Number":"${AMEX}","SECURITY_CODE":"${CODE}"}}`,
      `{"paymentMethod":{"card":{"number":"${AMEX}","securityCode":"${CODE}"}}}`,
      `{"Card":{"number":"${AMEX}","security-code":"${CODE}"}}`,
      `{"card":{"number":"${AMEX}","ｓｅｃｕｒｉｔｙ＿ｃｏｄｅ":"${CODE}"}}`,
      `{"cards":[{"number":"${AMEX}","cvv":"${CODE}"}]}`,
      `{"credit_card":{"number":"${AMEX}","CVV2":${CODE}}}`,
      `{"card_number":"${AMEX}","cvc":"${CODE}"}`,
      `{"card":"${AMEX}|12|2030|${CODE}"}`,
      `{"card":["${AMEX}","${CODE}"]}`,
      `{"card":{"number":["${AMEX.slice(0, 8)}","${AMEX.slice(8)}"],"security_code":{"value":"${CODE}"}}}`,
    ];
    for (const body of bodies) {
      const text = redactBody(body);
      expect(text, body).not.toContain(AMEX);
      expect(text, body).not.toContain(AMEX.slice(8));
      expect(text, body).not.toContain(CODE);
      expect(text, body).toContain('[redacted]');
    }
  });

  it('a duplicate key keeps only what the API read (the last), so an earlier copy leaves nothing behind', () => {
    for (const body of [
      `{"card":{"number":"${AMEX}","security_code":"${CODE}","security_code":"1"}}`,
      `{"card":{"number":"${AMEX}","security_code":"${CODE}"},"card":"none"}`,
      `{"x":{"card":{"security_code":"${CODE}"}},"x":1}`,
    ]) {
      const text = redactBody(body);
      expect(text, body).not.toContain(AMEX);
      expect(text, body).not.toContain(CODE);
    }
  });

  it('a card number in any value, key or number is masked, written plain, separated or escaped', () => {
    for (const form of FORMS) {
      for (const body of [{ note: `paid with ${form} today` }, { [`ref ${form}`]: 1 }, { items: [{ name: form }] }]) {
        const text = stored(body);
        expect(holdsCard(text), text).toBe(false);
        expect(text).toContain('[digits]');
      }
    }
    expect(redactBody(`{"a":${NUMBER}}`)).toBe('{"a":"[digits]"}');
    expect(redactBody(`{"a":"\\u0034000000000002370"}`)).toBe('{"a":"[digits]"}');
    // Past 2^53 the parse rounds a number, so its digits are no longer the ones sent: masked all the same.
    expect(redactBody('{"a":6011000990139424123}')).toBe('{"a":"[digits]"}');
    // A card run into other digits (an expiry, a code) is found inside the run.
    expect(holdsCard(stored({ a: `${NUMBER}1230${CODE}` }))).toBe(false);
  });

  it('keeps what is not a card: merchant references, amounts, dates, phone numbers, its own ids', () => {
    const body = {
      reference_id: 'cobranca-1795878563495',
      amount: { value: 1795878563495 },
      created_at: '2026-11-22T11:15:44.123-03:00',
      phone: '+55 11 91234-5678',
      id: 'ORDE_1b9d6bcd-1234-4567-8901-123456789012',
      trace: '12345678-1234-4234-a234-123456789012',
    };
    expect(JSON.parse(stored(body))).toEqual(body);
  });

  it('JSON held in a string field is redacted as a body; a string that only looks like JSON is not kept', () => {
    const inner = JSON.stringify({ card: { number: AMEX, security_code: CODE } });
    const text = stored({ metadata: inner, broken: `{"security\\u005fcode":"${CODE}",}`, tag: '[TEST] order' });
    expect(JSON.parse(text)).toEqual({
      metadata: JSON.stringify({ card: { number: '[redacted]', security_code: '[redacted]' } }),
      broken: '[redacted]',
      tag: '[TEST] order',
    });
  });

  it('a challenge `code` of 3 or 4 digits is taken for a security code; a 6-digit code or an error code is kept', () => {
    expect(stored({ code: '9731' })).toBe('{"code":"[redacted]"}');
    expect(stored({ code: 987 })).toBe('{"code":"[redacted]"}');
    expect(stored({ code: ' 123 ' })).toBe('{"code":"[redacted]"}');
    expect(stored({ code: '123456' })).toBe('{"code":"123456"}');
    expect(stored({ error_messages: [{ code: '40002' }] })).toBe('{"error_messages":[{"code":"40002"}]}');
  });

  it('a security code written beside its name in a text is redacted', () => {
    for (const note of [
      `cvv: ${CODE}`,
      `CVV=${CODE}`,
      `security_code=${CODE}&x=1`,
      `securityCode "${CODE}"`,
      `security_code%3D${CODE}`,
    ]) {
      const text = stored({ note });
      expect(text, note).not.toContain(CODE);
      expect(text, note).toContain('[redacted]');
    }
  });

  it('bytes that were not UTF-8 (U+FFFD once decoded) hide no card: a separator between digits, dropped from a key', () => {
    expect(redactBody(`{"note":"4000\ufffd0000\ufffd0000\ufffd2370","security\ufffdcode":"${CODE}"}`)).toBe(
      '{"note":"[digits]","security\ufffdcode":"[redacted]"}',
    );
  });

  it('a `__proto__` key is a key like any other, its card redacted', () => {
    expect(redactBody(`{"__proto__":{"card":{"number":"${AMEX}"}},"a":1}`)).toBe(
      '{"__proto__":{"card":{"number":"[redacted]"}},"a":1}',
    );
  });

  it('a byte-order mark is read past; any depth within the limit is redacted', () => {
    expect(redactBody(`\ufeff{"card":{"number":"${AMEX}"}}`)).toBe('{"card":{"number":"[redacted]"}}');
    const deep = `${'{"a":'.repeat(63)}{"card":{"number":"${AMEX}"}}${'}'.repeat(63)}`;
    expect(redactBody(deep)).not.toContain(AMEX);
  });
});

describe('form bodies', () => {
  it('are decoded pair by pair and written again with card data out', () => {
    const body = `reference_id=abc&card[number]=${AMEX}&card%5Bsecurity%5Fcode%5D=${CODE}&card.cvv=${CODE}&note=paid+with+${NUMBER}&security%5Fcode=${CODE}`;
    expect(redactBody(body)).toBe(
      'reference_id=abc&card[number]=[redacted]&card[security_code]=[redacted]&card.cvv=[redacted]&note=paid+with+[digits]&security_code=[redacted]',
    );
    const json = `data=${encodeURIComponent(JSON.stringify({ card: { security_code: CODE } }))}`;
    expect(redactBody(json)).not.toContain(CODE);
  });
});

describe('a body the log cannot redact is not kept', () => {
  const marker = /^\[body not kept: [^\]]+; \d+ bytes\]$/;

  it('invalid JSON, plain text and other encodings: a marker with why and the size, no part of the body', () => {
    const cases: Array<[string, RegExp]> = [
      [`{"card":{"number":"${AMEX}","security\\u005fcode":"${CODE}",}}`, /neither JSON \(an error at character \d+\)/],
      [`card ${AMEX} code ${CODE}`, /neither JSON/],
      [`--b\r\nContent-Disposition: form-data; name="cvv"\r\n\r\n${CODE}\r\n--b--`, /neither JSON/],
      [
        Buffer.from(`{"card":{"number":"${AMEX}","security_code":"${CODE}"}}`, 'utf16le').toString('latin1'),
        /neither JSON/,
      ],
    ];
    for (const [body, why] of cases) {
      const text = redactBody(body);
      expect(text).toMatch(marker);
      expect(text).toMatch(why);
      expect(text).toContain(`; ${Buffer.byteLength(body)} bytes]`);
      expect(text).not.toContain(CODE);
      expect(text).not.toContain(AMEX);
    }
  });

  it('nesting past 64 levels: a marker, however deep (the reader refuses such a body, the log still records it)', () => {
    for (const levels of [65, 9000]) {
      const body = `{"card":{"number":"${AMEX}","security_code":"${CODE}"},"x":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
      expect(redactBody(body)).toBe(`[body not kept: it nests more than 64 levels deep; ${body.length} bytes]`);
    }
  });

  it('a walk that fails for any other reason: the marker too, never the text', () => {
    const body = `{"card":{"number":"${AMEX}","security_code":"${CODE}"}}`;
    const stringify = vi.spyOn(JSON, 'stringify').mockImplementationOnce(() => {
      throw new TypeError('boom');
    });
    try {
      expect(redactBody(body)).toBe(`[body not kept: it could not be redacted (TypeError); ${body.length} bytes]`);
    } finally {
      stringify.mockRestore();
    }
  });

  it('cuts a long redacted body and says so', () => {
    const text = stored({ items: Array.from({ length: 2000 }, (_, i) => ({ name: `item ${i}` })) });
    expect(text.length).toBe(16_384 + '… [cut]'.length);
    expect(text.endsWith('… [cut]')).toBe(true);
  });
});

describe('whatever the body', () => {
  it('redactBody never throws and never returns a card number', () => {
    const card = fc.constantFrom(...FORMS, ...CARDS);
    // The card as a JSON string somewhere: the whole body, a key, or a value beside other data.
    const withCard = fc
      .tuple(fc.json({ maxDepth: 3 }), card, fc.integer({ min: 0, max: 2 }))
      .map(([json, number, shape]) => [`"${number}"`, `{"${number}":${json}}`, `[${json},"x${number}x"]`][shape]!);
    fc.assert(
      fc.property(fc.oneof(withCard, fc.string(), fc.json(), fc.string({ unit: 'binary' })), (body) => {
        const text = redactBody(body);
        expect(typeof text).toBe('string');
        expect(holdsCard(text), `${body} -> ${text}`).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a body the walk would keep as it is', () => {
  // redactBody skips the walk for a text that cannot hold card data (mayHoldCardData); a byte-order
  // mark in front (dropped before the parse) makes it walk every text, so the two must agree.
  const walked = (text: string) => redactBody(`\ufeff${text}`);

  it('is written as the walk writes it: the 3DS answer, and near misses the walk changes', () => {
    const answer = JSON.stringify({
      id: '3DS_b8bab32d-01e7-4bed-89d3-076fadbc23a1',
      status: 'AUTH_FLOW_COMPLETED',
      liability_shift: true,
      reason: null,
      eci: '05',
      created_at: '2026-11-28T15:12:10.820-03:00',
    });
    expect(redactBody(answer)).toBe(answer);
    for (const text of [
      answer,
      `{"a":"${AMEX}"}`,
      '{"ref":"4000 0000-0000.2503"}',
      '{"ref":"4000%200000%200000%202503"}',
      '{"n":1e20}',
      '{"n":4111111111111111}',
      '{"c_v_v":"987"}',
      '{"P.A.N":"1"}',
      '{"note":"cvv: 987"}',
      '{"card":"x"}',
      '{"x":"{\\"number\\":1}"}',
      '{"x":" [1,2]"}',
      '{"a": 1, "b": [ 2 ]}',
      '{"b":1,"2":2}',
    ])
      expect(redactBody(text), text).toBe(walked(text));
  });

  it('for any body of digits, separators and names of card data, agrees with the walk', () => {
    // Texts made of what the fast path looks for: digits and their separators, exponents, quotes and
    // brackets opening JSON in a string, and pieces of the names of card data.
    const piece = fc.constantFrom(
      ...'0123456789',
      ...' -./_%eE:T',
      '%20',
      '{"',
      '[',
      'card',
      'CVV',
      'c_v',
      'pan',
      'number',
      'security',
      'code',
      '4111111111111111',
      '378282246310005',
    );
    const text = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(''));
    const key = fc.oneof(text, fc.constantFrom('number', 'card', 'cards', 'security_code', 'pan', 'PAN', 'x'));
    const leaf = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(
        fc.oneof(
          value,
          fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown),
        ),
        (v) => {
          const body = JSON.stringify(v) ?? 'null';
          const shown = redactBody(body);
          expect(shown, body).toBe(walked(body));
          expect(holdsCard(shown), `${body} -> ${shown}`).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

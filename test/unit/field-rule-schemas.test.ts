import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsRule, digitsSchema, integerRule, integerSchema, type JsonSchema } from '../../src/core/field-rules';

const forms = (schema: JsonSchema) => schema.anyOf as JsonSchema[];

// The OpenAPI document says what a rule accepts with these schemas: a value the schema allows must
// be one the rule accepts, or a client that follows the document is refused.
describe("a rule's JSON Schema says what the rule accepts", () => {
  const ranges: Array<[number, number]> = [
    [1, 12],
    [1000, 9999],
    [1, 99_999],
    [100, 999_999_999],
    [0, 7],
    [5, 250],
  ];

  it.each(ranges)(
    'integerSchema(%i, %i): its digit string is exactly the range, a leading zero allowed',
    (min, max) => {
      const pattern = new RegExp(forms(integerSchema(min, max))[1]!.pattern as string);
      const rule = integerRule(min, max);
      const accepted = (text: string) => rule.test(rule.normalise(text));
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: 0, max: 2 * max }), fc.integer({ min: min - 3, max: min + 3 })), (n) => {
          const text = String(Math.abs(n));
          expect(pattern.test(text), text).toBe(accepted(text));
          if (pattern.test(`0${text}`)) expect(accepted(`0${text}`), `0${text}`).toBe(true);
        }),
      );
    },
  );

  it('digitsSchema: the digits as a string, or an integer of as many digits', () => {
    const [text, integer] = forms(digitsSchema(3, 4));
    const rule = digitsRule(3, 4, 'must be 3 or 4 digits');
    expect(rule.test(rule.normalise(integer!.minimum))).toBe(true);
    expect(rule.test(rule.normalise(integer!.maximum))).toBe(true);
    expect(rule.test(rule.normalise((integer!.maximum as number) + 1))).toBe(false);
    expect(new RegExp(text!.pattern as string).test('012')).toBe(true);
  });
});

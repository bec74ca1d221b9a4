// The hosted card fields' typing rules (src/sdk/card-fields/frame/card-input-rules.ts), as
// docs/card-fields.md#typing states them.
import { describe, expect, it } from 'vitest';
import {
  caretAfterFormat,
  cardNumberVerdict,
  expiryVerdict,
  formatCardNumber,
  formatExpiry,
  formatSecurityCode,
  numberLengths,
  parseExpiry,
  securityCodeLengths,
  securityCodeVerdict,
} from '../../src/sdk/card-fields/frame/card-input-rules';

describe('card number', () => {
  it('groups by brand: fours, amex 4-6-5, diners of 14 4-6-4; keeps digits only, at most the brand’s longest', () => {
    expect(formatCardNumber('4000000000002503').formatted).toBe('4000 0000 0000 2503');
    expect(formatCardNumber('4000-0000 0000.2503').formatted).toBe('4000 0000 0000 2503');
    expect(formatCardNumber('378282246310005').formatted).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059999').digits).toBe('378282246310005');
    expect(formatCardNumber('30569309025904').formatted).toBe('3056 930902 5904');
    expect(formatCardNumber('5200000000001096123').digits).toBe('5200000000001096');
    expect(formatCardNumber('4000000000000000006').formatted).toBe('4000 0000 0000 0000 006');
    expect(formatCardNumber('').formatted).toBe('');
    expect(formatCardNumber('4a0b0').formatted).toBe('400');
  });

  it('detects the brand from the shared BIN rules, Elo and Hipercard included', () => {
    expect(formatCardNumber('6505050000001109').brand).toBe('elo');
    expect(formatCardNumber('4011780000000000').brand).toBe('elo');
    expect(formatCardNumber('6062825624254001').brand).toBe('hipercard');
    expect(formatCardNumber('5200000000001096').brand).toBe('mastercard');
    expect(formatCardNumber('9').brand).toBe('unknown');
  });

  it('lengths by brand', () => {
    expect(numberLengths('amex')).toEqual([15]);
    expect(numberLengths('elo')).toEqual([16]);
    expect(numberLengths('visa')).toEqual([13, 16, 19]);
  });

  it('is valid at a length of its brand with the Luhn check; invalid at once when it cannot become valid', () => {
    expect(cardNumberVerdict('4000000000002503')).toMatchObject({
      valid: true,
      complete: true,
      potentiallyValid: true,
      brand: 'visa',
    });
    expect(cardNumberVerdict('400000000000')).toMatchObject({
      valid: false,
      complete: false,
      potentiallyValid: true,
      problem: 'incomplete',
    });
    // A visa of 16 that fails Luhn could still be a 19-digit visa, but once shown it is a typo.
    expect(cardNumberVerdict('4000000000002504')).toMatchObject({
      valid: false,
      complete: true,
      potentiallyValid: true,
      problem: 'invalid',
    });
    // A mastercard has 16 digits only: at 16 without Luhn it cannot become valid.
    expect(cardNumberVerdict('5200000000001097')).toMatchObject({
      valid: false,
      potentiallyValid: false,
      problem: 'invalid',
    });
    expect(cardNumberVerdict('378282246310005')).toMatchObject({ valid: true, brand: 'amex' });
    expect(cardNumberVerdict('')).toMatchObject({
      empty: true,
      valid: false,
      potentiallyValid: true,
      problem: 'required',
    });
  });
});

describe('expiry', () => {
  const now = new Date(2026, 10, 27);

  it('MM/AA: the slash comes once the month is whole, a first digit above 1 is a month of one digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('5')).toBe('05/');
    expect(formatExpiry('0')).toBe('0');
    // Erasing backwards over the slash leaves the month alone, so the backspace is never stuck.
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('12 / 30')).toBe('12/30');
  });

  it('parses a whole date only', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12/3')).toBeUndefined();
  });

  it('refuses past dates and months out of 01 to 12; this month is still valid', () => {
    expect(expiryVerdict('11/26', now)).toMatchObject({ valid: true, complete: true });
    expect(expiryVerdict('10/26', now)).toMatchObject({
      valid: false,
      complete: true,
      potentiallyValid: false,
      problem: 'expired',
    });
    expect(expiryVerdict('12/20', now)).toMatchObject({ problem: 'expired', potentiallyValid: false });
    expect(expiryVerdict('13', now)).toMatchObject({ problem: 'invalid', potentiallyValid: false });
    expect(expiryVerdict('00/', now)).toMatchObject({ problem: 'invalid' });
    expect(expiryVerdict('1', now)).toMatchObject({ problem: 'incomplete', potentiallyValid: true });
    expect(expiryVerdict('12/3', now)).toMatchObject({ problem: 'incomplete', potentiallyValid: true });
    expect(expiryVerdict('', now)).toMatchObject({ problem: 'required', empty: true });
    // More than 20 years ahead: a typo, not a card.
    expect(expiryVerdict('12/99', now)).toMatchObject({ problem: 'invalid' });
  });
});

describe('security code', () => {
  it('has 4 digits for amex, 3 for the others, 3 or 4 while the brand is unknown', () => {
    expect(securityCodeLengths('amex')).toEqual([4]);
    expect(securityCodeLengths('visa')).toEqual([3]);
    expect(formatSecurityCode('12345', 'visa')).toBe('123');
    expect(formatSecurityCode('12a345', 'amex')).toBe('1234');
    expect(formatSecurityCode('12345', 'unknown')).toBe('1234');
    expect(securityCodeVerdict('123', 'visa')).toMatchObject({ valid: true, complete: true });
    expect(securityCodeVerdict('123', 'amex')).toMatchObject({
      valid: false,
      potentiallyValid: true,
      problem: 'incomplete',
    });
    expect(securityCodeVerdict('1234', 'visa')).toMatchObject({
      valid: false,
      potentiallyValid: false,
      problem: 'invalid',
    });
    expect(securityCodeVerdict('1234', 'unknown')).toMatchObject({ valid: true });
    expect(securityCodeVerdict('', 'visa')).toMatchObject({ problem: 'required' });
  });
});

describe('caret', () => {
  it('stays after the same digit when the text is regrouped, and at the end when it was at the end', () => {
    // Typed a digit after "4000" (caret 5 in "40001"): now "4000 1", caret after the 1.
    expect(caretAfterFormat('40001', 5, '4000 1')).toBe(6);
    // Caret in the middle: after the 3rd digit.
    expect(caretAfterFormat('4000 10000', 3, '4000 1000 0')).toBe(3);
    expect(caretAfterFormat('12', 2, '12/')).toBe(3);
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });
});

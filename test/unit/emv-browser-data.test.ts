import { describe, expect, it } from 'vitest';
import { chooseWindowSize } from '../../src/core/challenge-window-size';
import { emvColorDepth } from '../../src/core/color-depth';
import { decodeBase64UrlJson, encodeBase64UrlJson } from '../../src/sandbox/three-ds/base64url-json';
import { eciOf, liabilityShiftOf, transStatusOf } from '../../src/sandbox/three-ds/three-ds-result';

describe('base64url JSON (threeDSMethodData, creq, cres)', () => {
  it('round-trips objects, UTF-8 included, without padding or + and /', () => {
    const value = {
      threeDSServerTransID: '6f1c2a5e-8d5b-4c1e-9a7f-0b2d3c4e5f60',
      texto: 'São Paulo ✓',
      n: 1,
      list: [true, null],
    };
    const encoded = encodeBase64UrlJson(value);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBase64UrlJson(encoded)).toEqual(value);
    // The same bytes Node's own base64url gives: any EMV party can read it.
    expect(encoded).toBe(Buffer.from(JSON.stringify(value)).toString('base64url'));
    expect(encodeBase64UrlJson({ a: '>>>???' })).not.toMatch(/[+/=]/);
  });

  it.each([
    ['standard base64 characters', 'eyJhIjoiPj4+Pz8/In0='],
    ['an impossible length', 'abcde'],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe]).toString('base64url')],
    ['text that is not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON that is not an object', Buffer.from('[1,2]').toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(decodeBase64UrlJson(text)).toBeUndefined();
  });
});

describe('EMV color depth', () => {
  it.each([
    [1, 1],
    [2, 1],
    [4, 4],
    [8, 8],
    [15, 15],
    [16, 16],
    [24, 24],
    [30, 24],
    [32, 32],
    [36, 32],
    [48, 48],
    [64, 48],
    [0, 1],
    [Number.NaN, 24],
  ])('a %s-bit screen is sent as %s', (bits, emv) => {
    expect(emvColorDepth(bits)).toBe(emv);
  });
});

describe('challenge window size', () => {
  it.each([
    [320, 568, '05'],
    [375, 667, '05'],
    [599, 900, '05'],
    [1280, 720, '03'],
    [1920, 1080, '03'],
    [700, 500, '04'],
    [640, 560, '02'],
    [600, 800, '03'],
    [600, 500, '02'],
    [600, 490, '05'],
    [700, 300, '05'],
  ])('%s×%s px: %s', (w, h, size) => {
    expect(chooseWindowSize(w, h)).toBe(size);
  });
});

describe('transStatus, ECI and liability', () => {
  it.each([
    ['AUTH_FLOW_COMPLETED', 'AUTHENTICATED', 'Y'],
    ['AUTH_FLOW_COMPLETED', 'NOT_AUTHENTICATED', 'N'],
    ['AUTH_NOT_SUPPORTED', null, 'U'],
    ['CHANGE_PAYMENT_METHOD', null, 'R'],
    ['REQUIRE_CHALLENGE', null, 'C'],
    ['CANCELED', null, 'N'],
    ['REQUIRE_METHOD', null, null],
  ] as const)('%s %s is transStatus %s', (status, outcome, trans) => {
    expect(transStatusOf(status, outcome)).toBe(trans);
  });

  it.each([
    ['visa', 'Y', '05', true],
    ['visa', 'A', '06', true],
    ['visa', 'N', '07', false],
    ['visa', 'U', '07', false],
    ['visa', 'R', '07', false],
    ['mastercard', 'Y', '02', true],
    ['mastercard', 'A', '01', true],
    ['mastercard', 'N', '00', false],
    ['mastercard', 'R', '00', false],
    ['elo', 'Y', '05', true],
    ['elo', 'N', '07', false],
    ['visa', 'C', null, false],
    ['mastercard', null, null, false],
  ] as const)('%s with %s: ECI %s, liability shift %s', (brand, trans, eci, shift) => {
    expect(eciOf(brand, trans)).toBe(eci);
    expect(liabilityShiftOf(trans)).toBe(shift);
  });
});

import { describe, expect, it } from 'vitest';
import { isIsoAlpha3 } from '../../src/core/iso-country';

describe('isIsoAlpha3', () => {
  const A = 'A'.charCodeAt(0);
  const all = Array.from({ length: 26 ** 3 }, (_, i) =>
    String.fromCharCode(A + Math.floor(i / 676), A + (Math.floor(i / 26) % 26), A + (i % 26)),
  );

  it('knows the 249 officially assigned codes and nothing else', () => {
    const known = all.filter(isIsoAlpha3);
    expect(known).toHaveLength(249);
    expect(known).toEqual(expect.arrayContaining(['ABW', 'BRA', 'PRT', 'USA', 'DEU', 'ZWE', 'ALA', 'SSD', 'BES']));
  });

  it.each(['XXX', 'BRZ', 'AAA', 'ZZZ', 'UK', 'BRAZ', 'bra', 'Bra', ' BRA', 'BR1', ''])('refuses %j', (code) => {
    expect(isIsoAlpha3(code)).toBe(false);
  });

  it('does not match across two codes of a group (BW|FG is not WFG)', () => {
    // "ABWFG…": W and F are neighbours in the string but no code is AWF.
    expect(isIsoAlpha3('AWF')).toBe(false);
    expect(isIsoAlpha3('AFG')).toBe(true);
  });
});

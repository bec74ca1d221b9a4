import { describe, expect, it } from 'vitest';
import { detectCardBrand } from '../../src/core/card-brand';
import { isLuhnValid } from '../../src/core/luhn';
import {
  DEFAULT_SCENARIO,
  SANDBOX_CARDS,
  sandboxScenario,
  UNKNOWN_NETWORK_SCENARIO,
} from '../../src/sandbox/cards/sandbox-cards';

describe('sandbox cards', () => {
  it('every card is Luhn valid, unique, and of the network its BIN names', () => {
    expect(new Set(SANDBOX_CARDS.map((c) => c.number)).size).toBe(SANDBOX_CARDS.length);
    for (const c of SANDBOX_CARDS) {
      expect(isLuhnValid(c.number), c.number).toBe(true);
      expect(c.brand).toBe(detectCardBrand(c.number));
      expect(c.brand).not.toBe('unknown');
    }
  });

  it.each([
    ['4000000000002719', 'visa', 'NOT_SUPPORTED'],
    ['5200000000001021', 'mastercard', 'NOT_SUPPORTED'],
    ['6505050000001026', 'elo', 'NOT_SUPPORTED'],
    ['4000000000002503', 'visa', 'CHALLENGE'],
    ['5200000000001096', 'mastercard', 'CHALLENGE'],
    ['6505050000001091', 'elo', 'CHALLENGE'],
    ['4000000000002370', 'visa', 'FRICTIONLESS'],
    ['5200000000001104', 'mastercard', 'FRICTIONLESS'],
    ['6505050000001109', 'elo', 'FRICTIONLESS'],
  ] as const)('test-set card %s (%s) is %s (docs/rules.md)', (number, brand, flow) => {
    expect(detectCardBrand(number)).toBe(brand);
    const s = sandboxScenario(number);
    expect(s.flow).toBe(flow);
    expect(s.outcome).toBe(flow === 'FRICTIONLESS' ? 'AUTHENTICATED' : null);
    expect(s.issuer).toBeTruthy();
  });

  it('has one extra card for each case the test set has no card for (docs/sandbox.md)', () => {
    expect(sandboxScenario('4000000000003006')).toMatchObject({ flow: 'DENIED' });
    expect(sandboxScenario('4000000000003105')).toMatchObject({ flow: 'CHALLENGE', outcome: 'NOT_AUTHENTICATED' });
    expect(sandboxScenario('4000000000003204')).toMatchObject({ flow: 'FRICTIONLESS', outcome: 'NOT_AUTHENTICATED' });
    expect(sandboxScenario('4000000000003303')).toMatchObject({ flow: 'CHALLENGE', outcome: null, issuer: null });
    expect(sandboxScenario('4000000000005001')).toMatchObject({ flow: 'BACKEND_FAILURE' });
  });

  it('has the 3DS Method cards (docs/three-ds-flow.md); no other card has a method URL', () => {
    expect(sandboxScenario('4000000000004004')).toMatchObject({
      brand: 'visa',
      flow: 'FRICTIONLESS',
      outcome: 'AUTHENTICATED',
      method: 'NOTIFIES',
    });
    expect(sandboxScenario('5200000000001401')).toMatchObject({
      brand: 'mastercard',
      flow: 'FRICTIONLESS',
      outcome: 'AUTHENTICATED',
      method: 'NOTIFIES',
    });
    expect(sandboxScenario('4000000000004103')).toMatchObject({ flow: 'FRICTIONLESS', method: 'SILENT' });
    expect(sandboxScenario('4000000000004202')).toMatchObject({ flow: 'CHALLENGE', outcome: null, method: 'NOTIFIES' });
    expect(
      SANDBOX_CARDS.filter((c) => c.method)
        .map((c) => c.number)
        .sort(),
    ).toEqual(['4000000000004004', '4000000000004103', '4000000000004202', '5200000000001401']);
    expect(DEFAULT_SCENARIO.method).toBeUndefined();
  });

  it('other cards get the documented defaults', () => {
    expect(sandboxScenario('4111111111111111')).toBe(DEFAULT_SCENARIO);
    expect(sandboxScenario('5555555555554444')).toBe(DEFAULT_SCENARIO);
    expect(sandboxScenario('9000000000000001')).toBe(UNKNOWN_NETWORK_SCENARIO);
  });
});

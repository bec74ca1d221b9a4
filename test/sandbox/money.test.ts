import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../src/sandbox/values/money';

describe('formatBrl', () => {
  it('writes cents as a payer reads reais, with a plain space after R$', () => {
    expect(formatBrl(0)).toBe('R$ 0,00');
    expect(formatBrl(5)).toBe('R$ 0,05');
    expect(formatBrl(123_456)).toBe('R$ 1.234,56');
    expect(formatBrl(999_999_999)).toBe('R$ 9.999.999,99');
  });
});

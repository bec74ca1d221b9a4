import { describe, expect, it } from 'vitest';
import { normaliseTaxId, taxIdKind } from '../../src/core/tax-id';

const kind = (text: string) => taxIdKind(normaliseTaxId(text));

describe('tax ids', () => {
  it('CPF: valid ones, formatted or not; wrong check digits and repeated digits refused', () => {
    for (const cpf of ['12345678909', '123.456.789-09', '529.982.247-25', '52998224725'])
      expect(kind(cpf), cpf).toBe('CPF');
    for (const bad of ['12345678900', '12345678919', '111.111.111-11', '1234567890', '123456789091', '1234567890A'])
      expect(kind(bad), bad).toBeUndefined();
  });

  it('numeric CNPJ: valid ones, formatted or not; wrong check digits refused', () => {
    for (const cnpj of ['11222333000181', '11.222.333/0001-81', '11.444.777/0001-61'])
      expect(kind(cnpj), cnpj).toBe('CNPJ');
    for (const bad of ['11222333000182', '11222333000191', '00000000000000', '1122233300018'])
      expect(kind(bad), bad).toBeUndefined();
  });

  it('alphanumeric CNPJ (IN RFB 2.229/2024): the Receita Federal example and others, formatted, unformatted, lower case', () => {
    // The example of the Receita Federal's own documentation: 12.ABC.345/01DE-35.
    for (const cnpj of [
      '12ABC34501DE35',
      '12.ABC.345/01DE-35',
      '12.abc.345/01de-35',
      'A1B2C3D4E5F668',
      'ZZZZZZZZZZZZ62',
    ])
      expect(kind(cnpj), cnpj).toBe('CNPJ');
    expect(normaliseTaxId('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('alphanumeric CNPJ: wrong check digits, letters in the check digits, other characters refused', () => {
    for (const bad of [
      '12ABC34501DE36',
      '12ABC34501DE45',
      '12ABC34501DE3A',
      '12ABC34501DEAB',
      '12ABC34501D!35',
      '12ABC3450DE35',
      'ÁBC34501DE3512',
    ])
      expect(kind(bad), bad).toBeUndefined();
  });

  it('each character is valued as its code minus 48: A counts 17, so A and 1 in the same place differ', () => {
    // Swapping a letter for the digit of the same position in the alphabet must change the check digits.
    expect(kind('12ABC34501DE35')).toBe('CNPJ');
    expect(kind('121BC34501DE35')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words.ts';

describe('amountInWords', () => {
  it.each([
    ['518001.62', 'QUINIENTOS DIECIOCHO MIL UN PESOS CON 62/100 M/CTE'],
    ['0.00', 'CERO PESOS M/CTE'],
    ['0.50', 'CERO PESOS CON 50/100 M/CTE'],
    ['1.00', 'UN PESO M/CTE'],
    ['1.05', 'UN PESO CON 05/100 M/CTE'],
    ['21.00', 'VEINTIÚN PESOS M/CTE'],
    ['31.00', 'TREINTA Y UN PESOS M/CTE'],
    ['100.00', 'CIEN PESOS M/CTE'],
    ['101.00', 'CIENTO UN PESOS M/CTE'],
    ['116.00', 'CIENTO DIECISÉIS PESOS M/CTE'],
    ['1000.00', 'MIL PESOS M/CTE'],
    ['1001.00', 'MIL UN PESOS M/CTE'],
    ['21000.00', 'VEINTIÚN MIL PESOS M/CTE'],
    ['100000.00', 'CIEN MIL PESOS M/CTE'],
    ['140000.00', 'CIENTO CUARENTA MIL PESOS M/CTE'],
    ['555555.55', 'QUINIENTOS CINCUENTA Y CINCO MIL QUINIENTOS CINCUENTA Y CINCO PESOS CON 55/100 M/CTE'],
    ['1000000.00', 'UN MILLÓN DE PESOS M/CTE'],
    ['1000001.00', 'UN MILLÓN UN PESOS M/CTE'],
    ['2500000.00', 'DOS MILLONES QUINIENTOS MIL PESOS M/CTE'],
    ['12345678.90', 'DOCE MILLONES TRESCIENTOS CUARENTA Y CINCO MIL SEISCIENTOS SETENTA Y OCHO PESOS CON 90/100 M/CTE'],
    ['1000000000.00', 'MIL MILLONES DE PESOS M/CTE'],
    ['1000000000000.00', 'UN BILLÓN DE PESOS M/CTE'],
    ['799999.999', 'OCHOCIENTOS MIL PESOS M/CTE'],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('writes every hundred with its own word', () => {
    expect([200n, 300n, 400n, 500n, 600n, 700n, 800n, 900n].map(integerInWords)).toEqual([
      'DOSCIENTOS',
      'TRESCIENTOS',
      'CUATROCIENTOS',
      'QUINIENTOS',
      'SEISCIENTOS',
      'SETECIENTOS',
      'OCHOCIENTOS',
      'NOVECIENTOS',
    ]);
  });

  it('names a foreign currency in its own words, or by its code, and only pesos as moneda corriente', () => {
    expect(amountInWords('5804.97', 'USD')).toBe('CINCO MIL OCHOCIENTOS CUATRO DÓLARES ESTADOUNIDENSES CON 97/100');
    expect(amountInWords('1.00', 'USD')).toBe('UN DÓLAR ESTADOUNIDENSE');
    expect(amountInWords('1000000.00', 'EUR')).toBe('UN MILLÓN DE EUROS');
    expect(amountInWords('12.50', 'JPY')).toBe('DOCE JPY CON 50/100');
    expect(amountInWords('12.50', 'COP')).toBe('DOCE PESOS CON 50/100 M/CTE');
  });

  it('refuses what it cannot say rather than printing a wrong total', () => {
    expect(() => amountInWords('-1.00')).toThrow(RangeError);
    expect(() => integerInWords(10n ** 24n)).toThrow(RangeError);
  });
});

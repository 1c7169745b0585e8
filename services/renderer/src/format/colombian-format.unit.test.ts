import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatInstant,
  formatMoney,
  formatNit,
  formatNumber,
  formatPrice,
  formatRate,
  formatTaxRate,
  formatTime,
} from './colombian-format.ts';

describe('Colombian formats', () => {
  it.each([
    ['0.00', '0,00'],
    ['5.5', '5,50'],
    ['999.99', '999,99'],
    ['1000.00', '1.000,00'],
    ['518001.62', '518.001,62'],
    ['1234567890.10', '1.234.567.890,10'],
  ])('money %s → %s', (text, formatted) => expect(formatMoney(text)).toBe(formatted));

  it('quantities drop trailing zeros, prices keep their cents', () => {
    expect(['2.00', '1.500000', '0.333333', '12000.000000'].map((q) => formatNumber(q))).toEqual([
      '2',
      '1,5',
      '0,333333',
      '12.000',
    ]);
    expect(['25000.50', '150000.00', '2130.123456'].map(formatPrice)).toEqual([
      '25.000,50',
      '150.000,00',
      '2.130,123456',
    ]);
    expect(['19.00', '8.00', '2.50'].map(formatRate)).toEqual(['19 %', '8 %', '2,5 %']);
  });

  it('prints a per-unit tax as PerUnitAmount × BaseUnitMeasure in its unit, a percentage tax as its rate', () => {
    const ibua = { amount: '0.65', measure: '9600', unitCode: 'MLT' };
    expect(formatTaxRate({ rate: '0.00', perUnit: ibua })).toBe('0,65 × 9.600 ml');
    expect(formatTaxRate({ rate: '0.00', perUnit: { amount: '66.00', measure: '3', unitCode: '94' } })).toBe(
      '66,00 × 3 und',
    );
    expect(formatTaxRate({ rate: '0.966' })).toBe('0,966 %');
  });

  it('refuses text that is not a decimal rather than printing a wrong amount', () => {
    expect(() => formatMoney('1e3')).toThrow(RangeError);
  });

  it('NIT with DV, dates and times', () => {
    expect(formatNit('900123456', '8')).toBe('900.123.456-8');
    expect(formatNit('1020304050')).toBe('1.020.304.050');
    expect(formatDate('2025-03-10')).toBe('10/03/2025');
    expect(formatTime('10:15:00-05:00')).toBe('10:15:00 (UTC-05:00)');
    expect(formatInstant('2025-03-10T15:15:04Z')).toBe('10/03/2025 10:15:04 (UTC-05:00)');
    expect(formatInstant('not a date')).toBe('not a date');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  decimalText,
  formatDecimal,
  formatUnits,
  multiply,
  parseDecimal,
  roundHalfUp,
} from './decimal.ts';

describe('decimal', () => {
  it('rounds half-up at the cent', () => {
    expect(formatUnits(roundHalfUp(parseDecimal('0.005'), 2), 2)).toBe('0.01');
    expect(formatUnits(roundHalfUp(parseDecimal('0.0049999'), 2), 2)).toBe('0.00');
    expect(formatUnits(roundHalfUp(parseDecimal('2.675'), 2), 2)).toBe('2.68'); // 2.675 is 2.67499… as a double
    expect(formatUnits(roundHalfUp(parseDecimal('1.015'), 2), 2)).toBe('1.02'); // and 1.01499… as a double
    expect(formatUnits(roundHalfUp(parseDecimal('7'), 2), 2)).toBe('7.00');
  });

  it('multiplies exactly', () => {
    expect(formatUnits(roundHalfUp(multiply(parseDecimal('0.333333'), parseDecimal('999.99')), 2), 2)).toBe('333.33');
    expect(formatUnits(roundHalfUp(multiply(parseDecimal('3'), parseDecimal('0.1')), 2), 2)).toBe('0.30');
  });

  it('formats with a minimum number of decimals, cutting only trailing zeros', () => {
    expect(formatDecimal(parseDecimal('2'), 2)).toBe('2.00');
    expect(formatDecimal(parseDecimal('2.500000'), 2)).toBe('2.50');
    expect(formatDecimal(parseDecimal('0.000001'), 2)).toBe('0.000001');
    expect(formatDecimal(parseDecimal('19'), 2)).toBe('19.00');
  });

  it('compares across scales', () => {
    expect(compareDecimal(parseDecimal('19'), parseDecimal('19.000'))).toBe(0);
    expect(compareDecimal(parseDecimal('0.1'), parseDecimal('0.09'))).toBe(1);
  });

  it('reads JSON numbers through their shortest round-trip form', () => {
    expect(decimalText(0.1)).toBe('0.1');
    expect(decimalText(25000.5)).toBe('25000.5');
    expect(decimalText('12.50')).toBe('12.50');
    expect(() => decimalText(1e-7)).toThrow(RangeError);
  });

  it('every JSON number with ≤ 15 significant digits reads back as the literal written', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 6 }), (units, scale) => {
        const literal = formatUnits(units, scale);
        expect(compareDecimal(parseDecimal(decimalText(Number(literal))), parseDecimal(literal))).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses negative amounts', () => {
    expect(() => formatUnits(-1n, 2)).toThrow(RangeError);
    expect(() => parseDecimal('-1')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { endorsementPrice, isPercentage, remainingTitleValue } from './negotiation.ts';

describe("the título valor's derived values", () => {
  it('the price is the endorsed value less the discount, to the cent half-up', () => {
    expect(endorsementPrice('1000000.00', '5')).toBe('950000.00');
    expect(endorsementPrice('1464171.00', '0.8')).toBe('1452457.63');
    expect(endorsementPrice('100.01', '2.5')).toBe('97.51'); // 97.50975
    expect(endorsementPrice('500.00', '0')).toBe('500.00');
    expect(endorsementPrice('500.00', '100')).toBe('0.00');
  });

  it('a percentage is at most 100', () => {
    expect(isPercentage('100')).toBe(true);
    expect(isPercentage('100.00')).toBe(true);
    expect(isPercentage('100.01')).toBe(false);
  });

  it("the new value is the invoice's less what was paid, never negative", () => {
    expect(remainingTitleValue('595000.00', '0.00')).toBe('595000.00');
    expect(remainingTitleValue('595000.00', '95000.50')).toBe('499999.50');
    expect(remainingTitleValue('100.00', '100.01')).toBeUndefined();
  });
});

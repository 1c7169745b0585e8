import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../money/decimal.ts';
import { distributeTax } from './distribute-tax.ts';

describe('distributeTax', () => {
  it('rounds the subtotal once and gives the missing cents to the largest remainders, earlier lines first on a tie', () => {
    // 0.03 × 19 % = 0.0057 each: 0.0171 in all, 0.02 once rounded.
    expect(distributeTax([3n, 3n, 3n], parseDecimal('19'))).toEqual({ amount: 2n, shares: [1n, 1n, 0n] });
    // 0.0095, 0.0019, 0.0057 (sum 0.0171): the cents go to the first and the third line.
    expect(distributeTax([5n, 1n, 3n], parseDecimal('19'))).toEqual({ amount: 2n, shares: [1n, 0n, 1n] });
  });

  it('equals per-line half-up rounding when those roundings already add up to the subtotal', () => {
    // 10.05 × 5 % = 0.5025 and 20.10 × 5 % = 1.005: 0.50 + 1.01 = 1.51 = round(1.5075).
    expect(distributeTax([1005n, 2010n], parseDecimal('5.00'))).toEqual({ amount: 151n, shares: [50n, 101n] });
  });

  it('takes a cent back from the line nearest to rounding down when the roundings overshoot', () => {
    // 0.05 × 10 % = 0.005 three times: half-up gives 0.03, the subtotal 0.015 rounds to 0.02: the last line gives its
    // cent back.
    expect(distributeTax([5n, 5n, 5n], parseDecimal('10'))).toEqual({ amount: 2n, shares: [1n, 1n, 0n] });
  });

  it('leaves lines whose tax is exact alone, and a 0 % rate at zero', () => {
    expect(distributeTax([10000n, 3n, 3n], parseDecimal('19'))).toEqual({ amount: 1901n, shares: [1900n, 1n, 0n] });
    expect(distributeTax([123n, 456n], parseDecimal('0'))).toEqual({ amount: 0n, shares: [0n, 0n] });
  });
});

import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../money/decimal.ts';
import { isKnownBuildRules } from './build-rules.ts';
import { computeTotals } from './compute-totals.ts';
import { perLineTaxV1 } from './rules-v1.ts';

const nineteen = parseDecimal('19');
/** 20 lines of 0.03 at 19 %: each line's exact tax is 0.0057, 0.114 in all. */
const smallLines = Array.from({ length: 20 }, () => ({
  quantity: parseDecimal('1'),
  unitPrice: parseDecimal('0.03'),
  taxes: [{ code: '01' as const, rate: nineteen }],
}));

describe('build rules version 1 (perLineTaxV1)', () => {
  it('rounds each line half-up on its own and sums the roundings', () => {
    expect(perLineTaxV1([3n, 3n, 3n], nineteen)).toEqual({ amount: 3n, shares: [1n, 1n, 1n] });
    // 10.05 × 5 % = 0.5025 → 0.50 and 20.10 × 5 % = 1.005 → 1.01 (half-up).
    expect(perLineTaxV1([1005n, 2010n], parseDecimal('5.00'))).toEqual({ amount: 151n, shares: [50n, 101n] });
    expect(perLineTaxV1([123n, 456n], parseDecimal('0'))).toEqual({ amount: 0n, shares: [0n, 0n] });
  });

  it('gives the totals the code before issue 14 recorded, and version 2 the subtotal rounded once', () => {
    const v1 = computeTotals(smallLines, {}, 1);
    expect(v1.taxTotals).toEqual([
      { code: '01', amount: 20n, subtotals: [{ code: '01', rate: nineteen, taxable: 60n, amount: 20n }] },
    ]);
    expect(v1.lines.map((l) => l.taxTotal)).toEqual(Array(20).fill(1n));
    expect(v1.payable).toBe(80n);
    const v2 = computeTotals(smallLines, {}, 2);
    expect(v2.byCode['01']).toBe(11n);
    expect(v2.payable).toBe(71n);
    expect(computeTotals(smallLines)).toEqual(v2); // the default is the current version
  });

  it('knows versions 1 and 2 only', () => {
    expect([0, 1, 2, 3].map(isKnownBuildRules)).toEqual([false, true, true, false]);
  });
});

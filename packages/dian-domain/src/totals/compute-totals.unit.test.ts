import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../money/decimal.ts';
import type { TaxCode } from '../tax/tax-rules.ts';
import { computeTotals } from './compute-totals.ts';

/**
 * Reference arithmetic, written independently of decimal.ts: amounts as integers at a fixed
 * scale of 10^-8, rounding by comparing the remainder with half the divisor.
 */
const SCALE = 8;
function toScaled(literal: string): bigint {
  const [int, frac = ''] = literal.split('.');
  return BigInt(int! + frac.padEnd(SCALE, '0'));
}
function roundToCents(value: bigint, scale: number): bigint {
  const divisor = 10n ** BigInt(scale - 2);
  const quotient = value / divisor;
  const remainder = value % divisor;
  return remainder * 2n >= divisor ? quotient + 1n : quotient;
}

const decimalLiteral = (maxInt: number, decimals: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** decimals - 1 }), fc.integer({ min: 0, max: decimals }))
    .map(([int, frac, places]) => (places === 0 ? String(int) : `${int}.${String(frac).padStart(decimals, '0').slice(0, places)}`));

const rates: Record<TaxCode, string[]> = { '01': ['0', '5', '19'], '04': ['2', '4', '8', '16'] };
const taxesArb = fc.subarray(['01', '04'] as TaxCode[]).chain((codes) =>
  fc.tuple(...codes.map((code) => fc.constantFrom(...rates[code]).map((rate) => ({ code, rate })))),
);
const lineArb = fc.record({
  quantity: decimalLiteral(100_000, 6).filter((q) => /[1-9]/.test(q)),
  price: decimalLiteral(100_000_000, 2),
  taxes: taxesArb,
});

describe('computeTotals', () => {
  it('matches integer reference arithmetic on every total (property)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 40 }), (lines) => {
        const totals = computeTotals(
          lines.map((l) => ({ quantity: parseDecimal(l.quantity), unitPrice: parseDecimal(l.price), taxes: l.taxes.map((t) => ({ code: t.code, rate: parseDecimal(t.rate) })) })),
        );
        let lineExtension = 0n;
        let taxExclusive = 0n;
        const byCode: Record<string, bigint> = { '01': 0n, '04': 0n };
        lines.forEach((l, i) => {
          // quantity (scale 8) × price (scale 8) has scale 16.
          const base = roundToCents(toScaled(l.quantity) * toScaled(l.price), 2 * SCALE);
          expect(totals.lines[i]!.base).toBe(base);
          lineExtension += base;
          if (l.taxes.length) taxExclusive += base;
          l.taxes.forEach((t, j) => {
            // base (cents, scale 2) × rate (scale 8) / 100 has scale 12.
            const tax = roundToCents(base * toScaled(t.rate), 2 + SCALE + 2);
            expect(totals.lines[i]!.taxes[j]!.amount).toBe(tax);
            byCode[t.code]! += tax;
          });
        });
        expect(totals.lineExtension).toBe(lineExtension);
        expect(totals.taxExclusive).toBe(taxExclusive);
        expect(totals.byCode['01']).toBe(byCode['01']);
        expect(totals.byCode['04']).toBe(byCode['04']);
        expect(totals.taxInclusive).toBe(lineExtension + byCode['01']! + byCode['04']!);
        expect(totals.payable).toBe(totals.taxInclusive);
        for (const total of totals.taxTotals) {
          expect(total.amount).toBe(total.subtotals.reduce((s, x) => s + x.amount, 0n));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reproduces the worked example of spec/dian/examples/own (120000.00 / 20000.00 / 140000.00)', () => {
    const t = computeTotals([
      { quantity: parseDecimal('2'), unitPrice: parseDecimal('50000'), taxes: [{ code: '01', rate: parseDecimal('19') }] },
      { quantity: parseDecimal('1'), unitPrice: parseDecimal('20000'), taxes: [{ code: '01', rate: parseDecimal('5') }] },
    ]);
    expect([t.lineExtension, t.taxExclusive, t.byCode['01'], t.taxInclusive, t.payable]).toEqual([12000000n, 12000000n, 2000000n, 14000000n, 14000000n]);
    expect(t.taxTotals).toHaveLength(1);
    expect(t.taxTotals[0]!.subtotals.map((s) => s.rate.units)).toEqual([5n, 19n]);
  });

  it('groups subtotals by code and rate, whatever the rate literal', () => {
    const t = computeTotals([
      { quantity: parseDecimal('1'), unitPrice: parseDecimal('100'), taxes: [{ code: '01', rate: parseDecimal('19') }] },
      { quantity: parseDecimal('1'), unitPrice: parseDecimal('100'), taxes: [{ code: '01', rate: parseDecimal('19.00') }, { code: '04', rate: parseDecimal('8') }] },
      { quantity: parseDecimal('1'), unitPrice: parseDecimal('100'), taxes: [] },
    ]);
    expect(t.taxTotals.map((x) => [x.code, x.subtotals.length, x.amount])).toEqual([['01', 1, 3800n], ['04', 1, 800n]]);
    expect(t.taxExclusive).toBe(20000n); // the excluded line is not a taxable base
    expect(t.lineExtension).toBe(30000n);
  });
});

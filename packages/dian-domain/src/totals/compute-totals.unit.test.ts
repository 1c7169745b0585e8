import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../money/decimal.ts';
import type { TaxCode } from '../tax/tax-rules.ts';
import type { AllowanceChargeInput } from './allowance-charge.ts';
import { computeTotals, tryComputeTotals } from './compute-totals.ts';

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
  fc
    .tuple(
      fc.integer({ min: 0, max: maxInt }),
      fc.integer({ min: 0, max: 10 ** decimals - 1 }),
      fc.integer({ min: 0, max: decimals }),
    )
    .map(([int, frac, places]) =>
      places === 0 ? String(int) : `${int}.${String(frac).padStart(decimals, '0').slice(0, places)}`,
    );

/** Each percentage tax's rates (ICA a municipality's per mil, 3 decimals), each per-unit tax's amounts and unit. */
const rates: Record<'01' | '03' | '04' | '35', string[]> = {
  '01': ['0', '5', '19'],
  '03': ['0.414', '0.966', '1.104'],
  '04': ['2', '4', '8', '16'],
  '35': ['10', '15', '20'],
};
const perUnits: Record<'22' | '34', { amounts: string[]; unit: string }> = {
  '22': { amounts: ['66', '50.5'], unit: '94' },
  '34': { amounts: ['0.38', '0.65'], unit: 'MLT' },
};
type TaxArb = { code: TaxCode; rate?: string; perUnit?: { amount: string; unit: string; measure: string } };
const taxesArb: fc.Arbitrary<TaxArb[]> = fc.subarray(['01', '04', '03', '35', '22', '34'] as const).chain((codes) =>
  fc.tuple(
    ...codes.map((code): fc.Arbitrary<TaxArb> =>
      code === '22' || code === '34'
        ? fc
            .tuple(fc.constantFrom(...perUnits[code].amounts), fc.integer({ min: 1, max: 100_000 }))
            .map(([amount, measure]) => ({
              code,
              perUnit: { amount, unit: perUnits[code].unit, measure: String(measure) },
            }))
        : fc.constantFrom(...rates[code]).map((rate) => ({ code, rate })),
    ),
  ),
);
/** A discount or charge as the request gives it: a percentage (of its default base or of its own) or an amount. */
type AcArb = { charge: boolean; percent?: string; amount?: string; base?: string };
const acArb: fc.Arbitrary<AcArb> = fc
  .record({
    charge: fc.boolean(),
    how: fc.oneof(
      { weight: 3, arbitrary: decimalLiteral(100, 2).map((percent) => ({ percent })) },
      {
        weight: 1,
        arbitrary: decimalLiteral(100_000, 2)
          .filter((a) => /[1-9]/.test(a))
          .map((amount) => ({ amount })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(decimalLiteral(100, 2), decimalLiteral(10_000_000, 2))
          .map(([percent, base]) => ({ percent, base })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(decimalLiteral(100_000, 2), decimalLiteral(10_000_000, 2))
          .filter(([a, b]) => /[1-9]/.test(a) && /[1-9]/.test(b))
          .map(([amount, base]) => ({ amount, base })),
      },
    ),
  })
  .map(({ charge, how }) => ({ charge, ...how }));
const lineArb = fc
  .record({
    quantity: decimalLiteral(100_000, 6).filter((q) => /[1-9]/.test(q)),
    price: decimalLiteral(100_000_000, 6),
    taxes: taxesArb,
    acs: fc.array(acArb, { maxLength: 2 }),
    reference: fc.option(
      decimalLiteral(1_000_000, 6).filter((r) => /[1-9]/.test(r)),
      { nil: undefined, freq: 5 },
    ),
  })
  .map((l) => (l.reference ? { ...l, price: '0', acs: [] } : l)); // a free line: price 0, no discounts or charges

const toInput = (ac: AcArb): AllowanceChargeInput => ({
  charge: ac.charge,
  reason: 'x',
  ...(ac.percent !== undefined ? { percent: parseDecimal(ac.percent) } : {}),
  ...(ac.amount !== undefined ? { amount: parseDecimal(ac.amount) } : {}),
  ...(ac.base !== undefined ? { baseAmount: parseDecimal(ac.base) } : {}),
});

/** Reference: a discount or charge in cents; undefined when an amount has no base to be a percentage of. */
function referenceAc(ac: AcArb, defaultBase: bigint): bigint | undefined {
  const base = ac.base !== undefined ? roundToCents(toScaled(ac.base), SCALE) : defaultBase;
  // cents × percent / 100
  if (ac.percent !== undefined) return roundToCents(base * toScaled(ac.percent), 2 + SCALE + 2);
  if (base === 0n) return undefined;
  return roundToCents(toScaled(ac.amount!), SCALE);
}

describe('computeTotals', () => {
  it('matches integer reference arithmetic on every total, with every tax (by rate and per unit), discounts, charges, free items and advances (property)', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 40 }),
        fc.array(acArb, { maxLength: 3 }),
        fc.array(decimalLiteral(10_000_000, 2), { maxLength: 3 }),
        (lines, documentAcs, advances) => {
          const outcome = tryComputeTotals(
            lines.map((l) => ({
              quantity: parseDecimal(l.quantity),
              unitPrice: parseDecimal(l.price),
              taxes: l.taxes.map((t) =>
                t.perUnit
                  ? {
                      code: t.code,
                      perUnit: {
                        amount: parseDecimal(t.perUnit.amount),
                        unitCode: t.perUnit.unit,
                        measure: parseDecimal(t.perUnit.measure),
                      },
                    }
                  : { code: t.code, rate: parseDecimal(t.rate!) },
              ),
              allowanceCharges: l.acs.map(toInput),
              ...(l.reference ? { freeOfCharge: { referencePrice: parseDecimal(l.reference) } } : {}),
            })),
            { allowanceCharges: documentAcs.map(toInput), prepaid: advances.map(parseDecimal) },
          );
          // The lines: gross, discounts and charges, LineExtensionAmount and tax base.
          let impossible = false;
          const reference = lines.map((l) => {
            // quantity (scale 8) × price (scale 8) has scale 16.
            const gross = roundToCents(toScaled(l.quantity) * toScaled(l.price), 2 * SCALE);
            let net = gross;
            for (const ac of l.acs) {
              const amount = referenceAc(ac, gross);
              if (amount === undefined) impossible = true;
              else net += ac.charge ? amount : -amount;
            }
            if (net < 0n) impossible = true;
            const taxable = l.reference ? roundToCents(toScaled(l.quantity) * toScaled(l.reference), 2 * SCALE) : net;
            return { base: l.reference ? 0n : net, taxable };
          });
          if (impossible) {
            expect(outcome.ok).toBe(false);
            return;
          }
          let lineExtension = 0n;
          let taxExclusive = 0n;
          // Per (code, rate): Σ exact line taxes (scale 12), Σ per-line half-up roundings, and the lines' [exact,
          // written, rounded].
          const groups = new Map<string, { exact: bigint; rounded: bigint; lines: [bigint, bigint, bigint][] }>();
          const writtenTax = (i: number, j: number) => (outcome.ok ? outcome.totals.lines[i]!.taxes[j]!.amount : 0n);
          lines.forEach((l, i) => {
            const { base, taxable } = reference[i]!;
            lineExtension += base;
            if (l.taxes.length) taxExclusive += taxable;
            l.taxes.forEach((t, j) => {
              if (t.perUnit) return; // exact: checked below
              // base (cents, scale 2) × rate (scale 8) / 100 has scale 12.
              const exact = taxable * toScaled(t.rate!);
              const group = groups.get(`${t.code}|${t.rate}`) ?? { exact: 0n, rounded: 0n, lines: [] };
              group.exact += exact;
              group.rounded += roundToCents(exact, 2 + SCALE + 2);
              group.lines.push([exact, writtenTax(i, j), roundToCents(exact, 2 + SCALE + 2)]);
              groups.set(`${t.code}|${t.rate}`, group);
            });
          });
          let taxSum = 0n;
          for (const group of groups.values()) taxSum += roundToCents(group.exact, 2 + SCALE + 2);
          // A per-unit tax: PerUnitAmount × BaseUnitMeasure (a whole measure), exact to the cent, summed per amount.
          const perUnitGroups = new Map<string, { measure: bigint; amount: bigint; taxable: bigint }>();
          lines.forEach((l, i) =>
            l.taxes.forEach((t) => {
              if (!t.perUnit) return;
              const key = `${t.code}|${t.perUnit.amount}`;
              const group = perUnitGroups.get(key) ?? { measure: 0n, amount: 0n, taxable: 0n };
              const amount = BigInt(t.perUnit.measure) * roundToCents(toScaled(t.perUnit.amount), SCALE);
              perUnitGroups.set(key, {
                measure: group.measure + BigInt(t.perUnit.measure),
                amount: group.amount + amount,
                taxable: group.taxable + reference[i]!.taxable,
              });
              taxSum += amount;
            }),
          );
          // The invoice: discounts and charges after taxes (FAU14), advances never subtracted.
          const taxInclusive = lineExtension + taxSum;
          let allowances = 0n;
          let charges = 0n;
          for (const ac of documentAcs) {
            const amount = referenceAc(ac, lineExtension);
            if (amount === undefined) impossible = true;
            else if (ac.charge) charges += amount;
            else allowances += amount;
          }
          const payable = taxInclusive - allowances + charges;
          const prepaid = advances.reduce((sum, a) => sum + roundToCents(toScaled(a), SCALE), 0n);
          if (impossible || payable < 0n || prepaid > payable) {
            expect(outcome.ok).toBe(false);
            return;
          }
          expect(outcome.ok).toBe(true);
          if (!outcome.ok) return;
          const totals = outcome.totals;
          lines.forEach((_, i) => {
            expect(totals.lines[i]!.base).toBe(reference[i]!.base);
            expect(totals.lines[i]!.taxable).toBe(reference[i]!.taxable);
          });
          const byCode: Record<string, bigint> = { '01': 0n, '03': 0n, '04': 0n, '35': 0n };
          for (const [key, group] of perUnitGroups) {
            const [code, amount] = key.split('|') as [TaxCode, string];
            const subtotal = totals.taxTotals
              .find((x) => x.code === code)!
              .subtotals.find(
                (x) => x.perUnit!.amount.units * 10n ** BigInt(SCALE - x.perUnit!.amount.scale) === toScaled(amount),
              )!;
            expect([subtotal.perUnit!.measure.units, subtotal.amount, subtotal.taxable]).toEqual([
              group.measure,
              group.amount,
              group.taxable,
            ]);
          }
          for (const [key, group] of groups) {
            const [code, rate] = key.split('|') as [TaxCode, string];
            // The subtotal is Σ bases × rate rounded once (FAS07), and the lines add up to it (FAS01b).
            const header = roundToCents(group.exact, 2 + SCALE + 2);
            const subtotal = totals.taxTotals
              .find((x) => x.code === code)!
              .subtotals.find((x) => x.rate!.units * 10n ** BigInt(SCALE - x.rate!.scale) === toScaled(rate))!;
            expect(subtotal.amount).toBe(header);
            expect(group.lines.reduce((sum, [, written]) => sum + written, 0n)).toBe(header);
            const cent = 10n ** BigInt(SCALE + 2); // one cent at the exact taxes' scale 12
            let moved = 0n;
            for (const [exact, written, rounded] of group.lines) {
              // Each line is its exact tax rounded down or up (FAX07 within one cent) …
              const gap = written * cent - exact;
              expect(gap < cent && gap > -cent).toBe(true);
              if (written !== rounded) moved++;
            }
            // … and departs from its own half-up rounding only as much as the subtotal needs.
            expect(moved).toBe(group.rounded > header ? group.rounded - header : header - group.rounded);
            byCode[code]! += header;
          }
          expect(totals.lineExtension).toBe(lineExtension);
          expect(totals.taxExclusive).toBe(taxExclusive);
          expect(totals.byCode['01']).toBe(byCode['01']);
          expect(totals.byCode['04']).toBe(byCode['04']);
          expect(totals.byCode['03']).toBe(byCode['03']);
          expect(totals.taxInclusive).toBe(taxInclusive);
          expect([totals.allowanceTotal, totals.chargeTotal, totals.prepaid, totals.payable]).toEqual([
            allowances,
            charges,
            prepaid,
            payable,
          ]);
          for (const total of totals.taxTotals) {
            expect(total.amount).toBe(total.subtotals.reduce((s, x) => s + x.amount, 0n));
          }
          totals.lines.forEach((line) => expect(line.taxTotal).toBe(line.taxes.reduce((s, x) => s + x.amount, 0n)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps the review's 500 lines of 0.03 at 19 % within FAS07: the subtotal is 15.00 × 19 % = 2.85, and the lines add up to it", () => {
    const t = computeTotals(
      Array.from({ length: 500 }, () => ({
        quantity: parseDecimal('1'),
        unitPrice: parseDecimal('0.03'),
        taxes: [{ code: '01' as const, rate: parseDecimal('19') }],
      })),
    );
    const [subtotal] = t.taxTotals[0]!.subtotals;
    expect([subtotal!.taxable, subtotal!.amount, t.taxTotals[0]!.amount, t.byCode['01']]).toEqual([
      1500n,
      285n,
      285n,
      285n,
    ]);
    // Each line's exact tax is 0.0057: 285 lines carry 0.01 and 215 carry 0.00, first lines first.
    expect(t.lines.map((l) => l.taxes[0]!.amount)).toEqual([
      ...Array<bigint>(285).fill(1n),
      ...Array<bigint>(215).fill(0n),
    ]);
    expect(t.lines.every((l) => l.taxTotal === l.taxes[0]!.amount)).toBe(true);
    expect([t.lineExtension, t.taxInclusive, t.payable]).toEqual([1500n, 1785n, 1785n]);
  });

  it('reproduces the worked example of spec/dian/examples/own (120000.00 / 20000.00 / 140000.00)', () => {
    const t = computeTotals([
      {
        quantity: parseDecimal('2'),
        unitPrice: parseDecimal('50000'),
        taxes: [{ code: '01', rate: parseDecimal('19') }],
      },
      {
        quantity: parseDecimal('1'),
        unitPrice: parseDecimal('20000'),
        taxes: [{ code: '01', rate: parseDecimal('5') }],
      },
    ]);
    expect([t.lineExtension, t.taxExclusive, t.byCode['01'], t.taxInclusive, t.payable]).toEqual([
      12000000n,
      12000000n,
      2000000n,
      14000000n,
      14000000n,
    ]);
    expect(t.taxTotals).toHaveLength(1);
    expect(t.taxTotals[0]!.subtotals.map((s) => s.rate!.units)).toEqual([5n, 19n]);
  });

  it('groups subtotals by code and rate, whatever the rate literal', () => {
    const t = computeTotals([
      {
        quantity: parseDecimal('1'),
        unitPrice: parseDecimal('100'),
        taxes: [{ code: '01', rate: parseDecimal('19') }],
      },
      {
        quantity: parseDecimal('1'),
        unitPrice: parseDecimal('100'),
        taxes: [
          { code: '01', rate: parseDecimal('19.00') },
          { code: '04', rate: parseDecimal('8') },
        ],
      },
      { quantity: parseDecimal('1'), unitPrice: parseDecimal('100'), taxes: [] },
    ]);
    expect(t.taxTotals.map((x) => [x.code, x.subtotals.length, x.amount])).toEqual([
      ['01', 1, 3800n],
      ['04', 1, 800n],
    ]);
    expect(t.taxExclusive).toBe(20000n); // the excluded line is not a taxable base
    expect(t.lineExtension).toBe(30000n);
  });
});

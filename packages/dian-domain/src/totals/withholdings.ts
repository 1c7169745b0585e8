import { compareDecimal, multiply, parseDecimal, roundHalfUp, shiftLeft, type Decimal } from '../money/decimal.ts';

/** The withholdings an invoice may name (annex table 13.2.2): they go in cac:WithholdingTaxTotal, never in TaxTotal. */
export const withholdingNames = { '05': 'ReteIVA', '06': 'ReteRenta', '07': 'ReteICA' } as const;
type WithholdingCode = keyof typeof withholdingNames;

export type WithholdingInput = { code: WithholdingCode; rate: Decimal; base?: bigint };

/** One cac:WithholdingTaxTotal: its amount and its one subtotal, in cents. */
export type WithholdingTotal = {
  code: WithholdingCode;
  amount: bigint;
  subtotals: readonly { rate: Decimal; taxable: bigint; amount: bigint }[];
};

const HUNDRED = parseDecimal('100');

/**
 * Each withholding on its base (pure): the request's base, or by default the invoice's IVA for ReteIVA (05) and the
 * lines' net amount for ReteFuente (06) and ReteICA (07); the amount is base × rate / 100, rounded half-up to cents.
 * Informative: nothing here enters PayableAmount or the CUFE (annex §3.2).
 */
export function computeWithholdings(
  inputs: readonly WithholdingInput[],
  invoice: { lineExtension: bigint; iva: bigint },
): WithholdingTotal[] {
  return [...inputs]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map(({ code, rate, base }) => {
      const taxable = base ?? (code === '05' ? invoice.iva : invoice.lineExtension);
      const amount = roundHalfUp(shiftLeft(multiply({ units: taxable, scale: 2 }, rate), 2), 2);
      return { code, amount, subtotals: [{ rate, taxable, amount }] };
    });
}

/** A rate a withholding may have: above 0 and at most 100 percent. */
export const isWithholdingRate = (rate: Decimal): boolean => rate.units > 0n && compareDecimal(rate, HUNDRED) <= 0;

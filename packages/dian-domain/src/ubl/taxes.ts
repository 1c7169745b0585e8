import { formatDecimal, money, type Decimal } from '../money/decimal.ts';
import { taxRules, type PerUnitTax, type TaxCode } from '../tax/tax-rules.ts';
import { withholdingNames, type WithholdingTotal } from '../totals/withholdings.ts';
import type { CurrencyAttribute } from './currency.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * One cac:TaxTotal (annex §3.8): the total of one tax code and a subtotal per rate (or per-unit amount). Used for the
 * document totals and, with a single subtotal, for each line.
 */
export type TaxTotalInput = {
  code: TaxCode;
  amount: bigint;
  subtotals: readonly { rate?: Decimal; perUnit?: PerUnitTax; taxable: bigint; amount: bigint }[];
};

export function writeTaxTotal(w: XmlWriter, total: TaxTotalInput, cur: CurrencyAttribute): void {
  writeTotal(w, 'cac:TaxTotal', total, taxRules[total.code].name, cur);
}

/** One cac:WithholdingTaxTotal (ReteIVA, ReteRenta, ReteICA): a TaxTotal's shape, informative only. */
export function writeWithholdingTaxTotal(w: XmlWriter, total: WithholdingTotal, cur: CurrencyAttribute): void {
  writeTotal(w, 'cac:WithholdingTaxTotal', total, withholdingNames[total.code], cur);
}

function writeTotal(
  w: XmlWriter,
  element: 'cac:TaxTotal' | 'cac:WithholdingTaxTotal',
  total: Omit<TaxTotalInput, 'code' | 'subtotals'> & {
    code: string;
    subtotals: readonly { rate?: Decimal; perUnit?: PerUnitTax; taxable: bigint; amount: bigint }[];
  },
  name: string,
  cur: CurrencyAttribute,
): void {
  w.open(element);
  w.leaf('cbc:TaxAmount', money(total.amount), cur);
  for (const sub of total.subtotals) {
    w.open('cac:TaxSubtotal');
    w.leaf('cbc:TaxableAmount', money(sub.taxable), cur);
    w.leaf('cbc:TaxAmount', money(sub.amount), cur);
    // A per-unit tax: TaxAmount = PerUnitAmount × BaseUnitMeasure, and no Percent (annex §3.8, FAS07).
    if (sub.perUnit) {
      w.leaf('cbc:BaseUnitMeasure', formatDecimal(sub.perUnit.measure, 0), { unitCode: sub.perUnit.unitCode });
      w.leaf('cbc:PerUnitAmount', formatDecimal(sub.perUnit.amount, 2), cur);
    }
    w.open('cac:TaxCategory');
    if (sub.rate) w.leaf('cbc:Percent', formatDecimal(sub.rate, 2));
    w.open('cac:TaxScheme');
    w.leaf('cbc:ID', total.code);
    w.leaf('cbc:Name', name);
    w.close();
    w.close();
    w.close();
  }
  w.close();
}

import { formatDecimal, money, type Decimal } from '../money/decimal.ts';
import { taxRules, type TaxCode } from '../tax/tax-rules.ts';
import { withholdingNames, type WithholdingTotal } from '../totals/withholdings.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * One cac:TaxTotal (annex §3.8): the total of one tax code and a subtotal per rate. Used for the
 * document totals and, with a single subtotal, for each line.
 */
export type TaxTotalInput = {
  code: TaxCode;
  amount: bigint;
  subtotals: readonly { rate: Decimal; taxable: bigint; amount: bigint }[];
};

export function writeTaxTotal(w: XmlWriter, total: TaxTotalInput): void {
  writeTotal(w, 'cac:TaxTotal', total, taxRules[total.code].name);
}

/** One cac:WithholdingTaxTotal (ReteIVA, ReteRenta, ReteICA): a TaxTotal's shape, informative only. */
export function writeWithholdingTaxTotal(w: XmlWriter, total: WithholdingTotal): void {
  writeTotal(w, 'cac:WithholdingTaxTotal', total, withholdingNames[total.code]);
}

function writeTotal(
  w: XmlWriter,
  element: 'cac:TaxTotal' | 'cac:WithholdingTaxTotal',
  total: Omit<TaxTotalInput, 'code'> & { code: string },
  name: string,
): void {
  const cop = { currencyID: 'COP' };
  w.open(element);
  w.leaf('cbc:TaxAmount', money(total.amount), cop);
  for (const sub of total.subtotals) {
    w.open('cac:TaxSubtotal');
    w.leaf('cbc:TaxableAmount', money(sub.taxable), cop);
    w.leaf('cbc:TaxAmount', money(sub.amount), cop);
    w.open('cac:TaxCategory');
    w.leaf('cbc:Percent', formatDecimal(sub.rate, 2));
    w.open('cac:TaxScheme');
    w.leaf('cbc:ID', total.code);
    w.leaf('cbc:Name', name);
    w.close();
    w.close();
    w.close();
  }
  w.close();
}

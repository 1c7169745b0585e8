import { formatDecimal } from '../money/decimal.ts';
import type { ValidatedCurrency } from '../validation/validated-invoice.ts';
import type { XmlWriter } from './xml-writer.ts';

/** The `@currencyID` every amount of a document carries: its DocumentCurrencyCode (FAD15b). */
export type CurrencyAttribute = { currencyID: string };

export const currencyAttribute = (currency: ValidatedCurrency | undefined): CurrencyAttribute => ({
  currencyID: currency?.code ?? 'COP',
});

/**
 * cac:PaymentExchangeRate (annex §3.2, FAR01–07): one unit of the document's currency is CalculationRate pesos on
 * Date; both base rates 1.00, the target COP.
 */
export function writePaymentExchangeRate(w: XmlWriter, currency: ValidatedCurrency): void {
  w.open('cac:PaymentExchangeRate');
  w.leaf('cbc:SourceCurrencyCode', currency.code);
  w.leaf('cbc:SourceCurrencyBaseRate', '1.00');
  w.leaf('cbc:TargetCurrencyCode', 'COP');
  w.leaf('cbc:TargetCurrencyBaseRate', '1.00');
  w.leaf('cbc:CalculationRate', formatDecimal(currency.rate, 2));
  w.leaf('cbc:Date', currency.rateDate);
  w.close();
}

/** cac:DeliveryTerms of an export: the Incoterm and its name in DIAN's list (TipoEntrega), as DIAN's example. */
export function writeDeliveryTerms(
  w: XmlWriter,
  terms: { incoterm: string; specialTerms?: string },
  incotermName: string,
): void {
  w.open('cac:DeliveryTerms');
  if (terms.specialTerms) w.leaf('cbc:SpecialTerms', terms.specialTerms);
  w.leaf('cbc:LossRiskResponsibilityCode', terms.incoterm);
  w.leaf('cbc:LossRisk', incotermName);
  w.close();
}

import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';

/**
 * Operation types an invoice may declare (reference §3.1, table 13.1.5: 10 estándar, 11 mandatos,
 * 12 transporte, 09 AIU from older lists, and the health sector's SS-* values). Generous on
 * purpose: a simulator that refused what DIAN accepts would fail integrators for nothing.
 */
const OPERATION_TYPES = new Set(['09', '10', '11', '12', 'SS-CUFE', 'SS-CUDE', 'SS-POS', 'SS-SNum', 'SS-Recaudo']);
/** 01 sale, 02 export, 03 contingency (transmission instrument), 04 contingency on DIAN's side. */
const INVOICE_TYPES = new Set(['01', '02', '03', '04']);
/**
 * DIAN's currency table (TipoMoneda-2.1.gc, 179 codes), as it is: ISO 4217 with some withdrawn
 * codes (BYR, HRK, VEF…) and without some newer ones (VES, MRU, STN…). DIAN checks against it, so
 * the simulator does too: a code DIAN's table lacks is refused here as there.
 */
export const CURRENCIES: ReadonlySet<string> = new Set((
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYR '
  + 'BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD '
  + 'FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS '
  + 'KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRO MUR MVR MWK MXN '
  + 'MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR '
  + 'SDG SEK SGD SHP SLL SOS SRD SSP STD SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN '
  + 'UYI UYU UZS VEF VES7 VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XSU XTS XUA '
  + 'XXX YER ZAR ZMW ZWL '
).trim().split(' '));

/**
 * The document's type and currency (reference §3.1, §7.8): FAD02 operation type, FAD12a invoice
 * type, FAD15a currency code, FAD15b every amount in the document's currency.
 */
export const checkDocumentType: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  if (!OPERATION_TYPES.has(view.customizationId ?? '')) failures.push('FAD02');
  if (!INVOICE_TYPES.has(view.invoiceTypeCode ?? '')) failures.push('FAD12a');
  if (!CURRENCIES.has(view.documentCurrency ?? '')) failures.push('FAD15a');
  else if ([...view.currencies].some((currency) => currency !== view.documentCurrency)) failures.push('FAD15b');
  return failures;
};

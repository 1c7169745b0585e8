import type { CufeFields } from '../cufe/cufe.ts';
import { money } from '../money/decimal.ts';
import { qrContent } from '../qr/qr-content.ts';
import type { DianEnvironment } from '../tenant/tenant.ts';
import type { ColombiaDateTime } from '../time/colombia-time.ts';
import type { InvoiceTotals } from '../totals/compute-totals.ts';

export type DocumentKeyInput = {
  documentId: string;
  when: ColombiaDateTime;
  totals: InvoiceTotals;
  issuerNit: string;
  buyerNumber: string;
  /** The range's ClTec for an invoice's CUFE, the software PIN for a note's CUDE. */
  key: string;
  environment: DianEnvironment;
};

/** The 15 fields of a CUFE or CUDE (annex §1.1–1.2), as the XML writes each amount. */
export function documentKeyFields(x: DocumentKeyInput): CufeFields {
  const t = x.totals;
  return {
    numFac: x.documentId,
    fecFac: x.when.date,
    horFac: x.when.time,
    valFac: money(t.lineExtension),
    valIva: money(t.byCode['01']),
    valInc: money(t.byCode['04']),
    valIca: money(t.byCode['03']),
    valTot: money(t.payable),
    nitOfe: x.issuerNit,
    numAdq: x.buyerNumber,
    key: x.key,
    environment: x.environment,
  };
}

/** The QR text (annex §4.2) of the document those fields name, with its key under `label`. */
export function documentQr(
  fields: CufeFields,
  totals: InvoiceTotals,
  documentKey: string,
  label: 'CUFE' | 'CUDE',
): string {
  return qrContent({
    numFac: fields.numFac,
    fecFac: fields.fecFac,
    horFac: fields.horFac,
    nitFac: fields.nitOfe,
    docAdq: fields.numAdq,
    valFac: fields.valFac,
    valIva: fields.valIva,
    // Every tax but IVA (INC, ICA, ICUI, the per-unit ones), as the PDF's QR reads the document.
    valOtroIm: money(totals.taxTotals.filter((t) => t.code !== '01').reduce((sum, t) => sum + t.amount, 0n)),
    valTolFac: fields.valTot,
    cufe: documentKey,
    keyLabel: label,
    environment: fields.environment,
  });
}

import { formatMoney, formatRate } from '../format/colombian-format.ts';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { amountInWords } from '../words/amount-in-words.ts';
import { block, blockHeight, line, type Doc } from './draw-text.ts';
import { colors, contentWidth, left, right, sizes } from './page-geometry.ts';

const TOTALS_WIDTH = 206;
const GAP = 10;
const LEFT_WIDTH = contentWidth - TOTALS_WIDTH - GAP;
const ROW = 10.5;

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);

/** The totals column (annex §3.9): gross, taxable base, each tax, adjustments, total payable. */
function totalRows(view: InvoiceView): [string, string][] {
  const t = view.totals;
  const taxNames = new Map(view.taxes.map((tax) => [tax.code, tax.name]));
  const rows: [string, string][] = [
    ['Subtotal (valor bruto)', t.lineExtension],
    ['Base gravable', t.taxExclusive],
  ];
  // IVA and INC are always shown (the law asks for them discriminated), other taxes when present.
  for (const code of ['01', '04']) rows.push([code === '01' ? 'IVA' : 'INC', t.byTaxCode[code] ?? '0.00']);
  for (const [code, amount] of Object.entries(t.byTaxCode)) if (code !== '01' && code !== '04') rows.push([taxNames.get(code) ?? code, amount]);
  if (!isZero(t.allowance)) rows.push(['Descuentos', t.allowance]);
  if (!isZero(t.charge)) rows.push(['Cargos', t.charge]);
  if (!isZero(t.prepaid)) rows.push(['Anticipos', t.prepaid]);
  return rows;
}

const wordsText = (view: InvoiceView) => `SON: ${amountInWords(view.totals.payable)}`;
const notesText = (view: InvoiceView) => view.notes.join('\n');

/** Height of the summary, measured before drawing so it never splits across pages. */
export function summaryHeight(doc: Doc, view: InvoiceView): number {
  // The same steps drawSummary takes: section titles 14, tax header 12, rows, gaps.
  const taxes = 14 + 12 + Math.max(1, view.taxes.length) * ROW;
  const words = 6 + 14 + blockHeight(doc, wordsText(view), LEFT_WIDTH - 10, { face: 'bold' }) + 6;
  const notes = view.notes.length ? 14 + blockHeight(doc, notesText(view), LEFT_WIDTH - 10) + 4 : 0;
  const totals = (totalRows(view).length + 1) * ROW + 8;
  return Math.max(taxes + words + notes, totals);
}

/** Taxes grouped by code and rate, the amount in words and the notes; the totals on the right. */
export function drawSummary(doc: Doc, view: InvoiceView, top: number): number {
  let y = sectionTitle(doc, 'IMPUESTOS', left, top, LEFT_WIDTH);
  const cols = [0, 110, 170, 260].map((dx) => left + 5 + dx);
  const widths = [105, 55, 85, LEFT_WIDTH - 270];
  ['Tributo', 'Tarifa', 'Base gravable', 'Valor'].forEach((title, i) =>
    line(doc, title, cols[i]!, y, { face: 'bold', size: sizes.label, color: colors.muted }, { width: widths[i]!, align: i ? 'right' : 'left' }));
  y += 12;
  if (!view.taxes.length) {
    line(doc, 'Sin impuestos: bienes o servicios excluidos', cols[0]!, y);
    y += ROW;
  }
  for (const tax of view.taxes) {
    const values = [`${tax.code} ${tax.name}`, formatRate(tax.rate), formatMoney(tax.base), formatMoney(tax.amount)];
    values.forEach((value, i) => line(doc, value, cols[i]!, y, {}, { width: widths[i]!, align: i ? 'right' : 'left' }));
    y += ROW;
  }
  y = sectionTitle(doc, 'VALOR EN LETRAS', left, y + 6, LEFT_WIDTH);
  y += block(doc, wordsText(view), left + 5, y, LEFT_WIDTH - 10, { face: 'bold' }) + 6;
  if (view.notes.length) {
    y = sectionTitle(doc, 'OBSERVACIONES', left, y, LEFT_WIDTH);
    y += block(doc, notesText(view), left + 5, y, LEFT_WIDTH - 10) + 4;
  }
  return Math.max(y, drawTotals(doc, view, right - TOTALS_WIDTH, top));
}

function drawTotals(doc: Doc, view: InvoiceView, x: number, top: number): number {
  const pad = 6;
  let y = top + 4;
  for (const [label, amount] of totalRows(view)) {
    line(doc, label, x + pad, y);
    line(doc, `$ ${formatMoney(amount)}`, x + pad, y, {}, { width: TOTALS_WIDTH - 2 * pad, align: 'right' });
    y += ROW;
  }
  doc.rect(x, y, TOTALS_WIDTH, ROW + 4).fill(colors.band);
  const bold = { face: 'bold' as const, size: 8.5, color: colors.bandText };
  line(doc, 'TOTAL A PAGAR', x + pad, y + 3, bold);
  line(doc, `$ ${formatMoney(view.totals.payable)}`, x + pad, y + 3, bold, { width: TOTALS_WIDTH - 2 * pad, align: 'right' });
  y += ROW + 4;
  doc.lineWidth(0.6).rect(x, top, TOTALS_WIDTH, y - top).stroke(colors.rule);
  return y + 4;
}

function sectionTitle(doc: Doc, title: string, x: number, y: number, width: number): number {
  doc.rect(x, y, width, 11).fill(colors.stripe);
  line(doc, title, x + 5, y + 2.5, { face: 'bold', size: sizes.label, color: colors.band });
  return y + 14;
}

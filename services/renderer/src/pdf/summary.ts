import { adjustmentText, signedAmount } from '../format/adjustment-text.ts';
import { formatMoney, formatRate, formatTaxRate } from '../format/colombian-format.ts';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { sumAmounts } from '../invoice-view/read-lines.ts';
import { amountInWords } from '../words/amount-in-words.ts';
import type { Canvas } from './canvas.ts';
import { documentTitles } from './document-titles.ts';
import { block, blockHeight, line } from './draw-text.ts';
import { colors, contentWidth, left, right, sizes } from './page-geometry.ts';

const TOTALS_WIDTH = 206;
const GAP = 10;
const LEFT_WIDTH = contentWidth - TOTALS_WIDTH - GAP;
const ROW = 10.5;
const AMOUNT_WIDTH = 80;
const REASON_WIDTH = LEFT_WIDTH - 10 - AMOUNT_WIDTH - 6;

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);

/** The totals column (annex §3.9): gross, taxable base, each tax, adjustments, total payable. */
function totalRows(view: InvoiceView): [string, string][] {
  const t = view.totals;
  const taxNames = new Map(view.taxes.map((tax) => [tax.code, tax.name]));
  const rows: [string, string][] = [
    ['Subtotal (valor bruto)', t.lineExtension],
    ...aiuRows(view),
    ['Base gravable', t.taxExclusive],
  ];
  // Each tax the document carries, IVA and INC first; a tax it does not carry is not printed as $ 0.
  const order = (code: string) => (code === '01' ? 0 : code === '04' ? 1 : 2);
  const codes = Object.keys(t.byTaxCode).sort((a, b) => order(a) - order(b));
  for (const code of codes) rows.push([taxNames.get(code) ?? code, t.byTaxCode[code]!]);
  if (!isZero(t.allowance)) rows.push(['Descuentos', t.allowance]);
  if (!isZero(t.charge)) rows.push(['Cargos', t.charge]);
  if (!isZero(t.prepaid)) rows.push(['Anticipos', t.prepaid]);
  return rows;
}

/** The AIU lines' item codes (the service writes them) and how the totals name each part. */
const AIU_PARTS: [string, string][] = [
  ['AIU-A', 'Administración (A)'],
  ['AIU-I', 'Imprevistos (I)'],
  ['AIU-U', 'Utilidad (U)'],
];

/**
 * An AIU invoice's breakdown of its gross amount: the contract's direct cost, then A, I and U (IVA is on U only);
 * none on any other invoice.
 */
function aiuRows(view: InvoiceView): [string, string][] {
  if (view.operationType !== '09') return [];
  const codes = new Set(AIU_PARTS.map(([code]) => code));
  const direct = sumAmounts(view.lines.filter((l) => !codes.has(l.code)).map((l) => l.base));
  const parts = AIU_PARTS.map(([code, label]): [string, string] => [
    `  ${label}`,
    sumAmounts(view.lines.filter((l) => l.code === code).map((l) => l.base)),
  ]);
  return [['  Costo directo (contrato AIU)', direct], ...parts];
}

/** The withholdings' rows and what the seller receives net of them; none without withholdings. */
function withholdingRows(view: InvoiceView): [string, string][] {
  if (!view.withholdings.length) return [];
  const rows: [string, string][] = view.withholdings.map((w) => [
    `Retención ${w.name} (${formatRate(w.rate)})`,
    w.amount,
  ]);
  const net = cents(view.totals.payable) - view.withholdings.reduce((sum, w) => sum + cents(w.amount), 0n);
  if (net >= 0n) rows.push(['Neto a recibir (menos retenciones)', amountOf(net)]);
  return rows;
}

const cents = (amount: string) => {
  const [int = '0', frac = ''] = amount.split('.');
  return BigInt(int + frac.padEnd(2, '0').slice(0, 2));
};
const amountOf = (units: bigint) => {
  const digits = units.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/**
 * What the buyer still owes after advances. DIAN's PayableAmount keeps them in (FAU14), so the XML has no such
 * amount; undefined without advances.
 */
export function balanceAfterAdvances(totals: InvoiceView['totals']): string | undefined {
  if (isZero(totals.prepaid)) return undefined;
  const balance = cents(totals.payable) - cents(totals.prepaid);
  if (balance < 0n) return undefined; // ingress refuses advances above the payable amount
  return amountOf(balance);
}

const wordsText = (view: InvoiceView) => `SON: ${amountInWords(view.totals.payable, view.currency)}`;
const notesText = (view: InvoiceView) => view.notes.join('\n');

const reasonText = (a: InvoiceView['adjustments'][number]) => adjustmentText(a, { withBase: false });

/** The document's discounts and charges, each with its reason; its height when drawn. */
function adjustmentsHeight(canvas: Canvas, view: InvoiceView): number {
  if (!view.adjustments.length) return 0;
  const rows = view.adjustments.map((a) => Math.max(ROW, blockHeight(canvas, reasonText(a), REASON_WIDTH) + 1.5));
  return 14 + rows.reduce((sum, h) => sum + h, 0) + 4;
}

function drawAdjustments(canvas: Canvas, view: InvoiceView, top: number): number {
  if (!view.adjustments.length) return top;
  let y = sectionTitle(canvas, 'DESCUENTOS Y CARGOS DE LA FACTURA', left, top, LEFT_WIDTH);
  for (const a of view.adjustments) {
    const height = block(canvas, reasonText(a), left + 5, y, REASON_WIDTH) + 1.5;
    line(
      canvas,
      signedAmount(a, '$ '),
      left + LEFT_WIDTH - 5 - AMOUNT_WIDTH,
      y,
      {},
      { width: AMOUNT_WIDTH, align: 'right' },
    );
    y += Math.max(ROW, height);
  }
  return y + 4;
}

/** Height of the summary, measured before drawing so it never splits across pages. */
export function summaryHeight(canvas: Canvas, view: InvoiceView): number {
  // The same steps drawSummary takes: section titles 14, tax header 12, rows, gaps.
  const taxes = 14 + 12 + Math.max(1, view.taxes.length) * ROW;
  const words = 6 + 14 + blockHeight(canvas, wordsText(view), LEFT_WIDTH - 10, { face: 'bold' }) + 6;
  const notes = view.notes.length ? 14 + blockHeight(canvas, notesText(view), LEFT_WIDTH - 10) + 4 : 0;
  const totals =
    (totalRows(view).length + 1 + (balanceAfterAdvances(view.totals) ? 1 : 0) + withholdingRows(view).length) * ROW + 8;
  return Math.max(taxes + adjustmentsHeight(canvas, view) + words + notes, totals);
}

/**
 * Taxes grouped by code and rate, the document's discounts and charges, the amount in words and the notes; the
 * totals on the right.
 */
export function drawSummary(canvas: Canvas, view: InvoiceView, top: number): number {
  let y = sectionTitle(canvas, 'IMPUESTOS', left, top, LEFT_WIDTH);
  const cols = [0, 110, 170, 260].map((dx) => left + 5 + dx);
  const widths = [105, 55, 85, LEFT_WIDTH - 270];
  ['Tributo', 'Tarifa', 'Base gravable', 'Valor'].forEach((title, i) =>
    line(
      canvas,
      title,
      cols[i]!,
      y,
      { face: 'bold', size: sizes.label, color: colors.muted },
      { width: widths[i]!, align: i ? 'right' : 'left' },
    ),
  );
  y += 12;
  if (!view.taxes.length) {
    line(canvas, 'Sin impuestos: bienes o servicios excluidos', cols[0]!, y);
    y += ROW;
  }
  for (const tax of view.taxes) {
    const values = [`${tax.code} ${tax.name}`, formatTaxRate(tax), formatMoney(tax.base), formatMoney(tax.amount)];
    values.forEach((value, i) =>
      line(canvas, value, cols[i]!, y, {}, { width: widths[i]!, align: i ? 'right' : 'left' }),
    );
    y += ROW;
  }
  y = drawAdjustments(canvas, view, y + 6) - 6;
  y = sectionTitle(canvas, 'VALOR EN LETRAS', left, y + 6, LEFT_WIDTH);
  y += block(canvas, wordsText(view), left + 5, y, LEFT_WIDTH - 10, { face: 'bold' }) + 6;
  if (view.notes.length) {
    y = sectionTitle(canvas, 'OBSERVACIONES', left, y, LEFT_WIDTH);
    y += block(canvas, notesText(view), left + 5, y, LEFT_WIDTH - 10) + 4;
  }
  return Math.max(y, drawTotals(canvas, view, right - TOTALS_WIDTH, top));
}

function drawTotals(canvas: Canvas, view: InvoiceView, x: number, top: number): number {
  const pad = 6;
  let y = top + 4;
  for (const [label, amount] of totalRows(view)) {
    line(canvas, label, x + pad, y);
    line(canvas, `$ ${formatMoney(amount)}`, x + pad, y, {}, { width: TOTALS_WIDTH - 2 * pad, align: 'right' });
    y += ROW;
  }
  canvas.fillRect(x, y, TOTALS_WIDTH, ROW + 4, colors.band);
  const bold = { face: 'bold' as const, size: 8.5, color: colors.bandText };
  line(canvas, documentTitles[view.kind].totalLabel, x + pad, y + 3, bold);
  line(canvas, `$ ${formatMoney(view.totals.payable)}`, x + pad, y + 3, bold, {
    width: TOTALS_WIDTH - 2 * pad,
    align: 'right',
  });
  y += ROW + 4;
  const balance = balanceAfterAdvances(view.totals);
  if (balance !== undefined) {
    line(canvas, 'Saldo a pagar (menos anticipos)', x + pad, y, { face: 'bold' });
    line(
      canvas,
      `$ ${formatMoney(balance)}`,
      x + pad,
      y,
      { face: 'bold' },
      { width: TOTALS_WIDTH - 2 * pad, align: 'right' },
    );
    y += ROW;
  }
  // Informative: the buyer pays the total and withholds these for DIAN (annex §3.2).
  for (const [label, amount] of withholdingRows(view)) {
    line(canvas, label, x + pad, y);
    line(canvas, `$ ${formatMoney(amount)}`, x + pad, y, {}, { width: TOTALS_WIDTH - 2 * pad, align: 'right' });
    y += ROW;
  }
  canvas.strokeRect(x, top, TOTALS_WIDTH, y - top, colors.rule, 0.6);
  return y + 4;
}

function sectionTitle(canvas: Canvas, title: string, x: number, y: number, width: number): number {
  canvas.fillRect(x, y, width, 11, colors.stripe);
  line(canvas, title, x + 5, y + 2.5, { face: 'bold', size: sizes.label, color: colors.band });
  return y + 14;
}

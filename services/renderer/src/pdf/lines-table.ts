import { adjustmentText, signedAmount } from '../format/adjustment-text.ts';
import { formatMoney, formatNit, formatNumber, formatPrice, formatRate } from '../format/colombian-format.ts';
import { documentTypeLabel, unitLabel } from '../format/labels.ts';
import type { LineView } from '../invoice-view/invoice-view.ts';
import type { Canvas } from './canvas.ts';
import { drawIn, line, linesOf, prepare, type Pen } from './draw-text.ts';
import { bottomLimit, colors, columns, columnX, contentWidth, left, sizes, table } from './page-geometry.ts';

const DESCRIPTION = columns.findIndex((c) => c.key === 'description');
const TAX = columns.findIndex((c) => c.key === 'tax');
const BASE = columns.findIndex((c) => c.key === 'base');
// A discount or charge is written under its line, from the description to the unit price; its amount under the base.
const ADJUSTMENT_WIDTH = columnX[BASE]! - columnX[DESCRIPTION]! - 2 * table.padding;
const adjustmentStyle = { color: colors.muted };

/** The table header: drawn on every page the table runs onto. */
function drawTableHeader(canvas: Canvas, y: number): number {
  canvas.fillRect(left, y, contentWidth, table.headerHeight, colors.band);
  columns.forEach((column, i) => {
    line(
      canvas,
      column.title,
      columnX[i]! + table.padding,
      y + 4,
      { face: 'bold', size: sizes.label, color: colors.bandText },
      {
        width: column.width - 2 * table.padding,
        align: column.align,
      },
    );
  });
  return y + table.headerHeight;
}

/** A line's taxes by name and rate; a per-unit tax by name, its amount × measure too wide here (the summary has it). */
function cells(l: LineView): string[] {
  const tax = l.taxes.length
    ? l.taxes.map((t) => (t.perUnit ? t.name : `${t.name} ${formatRate(t.rate)}`)).join('\n')
    : 'Excluido';
  return [
    l.id,
    l.code,
    [l.description, l.note, l.principal && principalText(l.principal)].filter(Boolean).join('\n'),
    formatNumber(l.quantity),
    unitLabel(l.unitCode),
    formatPrice(l.unitPrice),
    formatMoney(l.base),
    tax,
    formatMoney(l.total),
  ];
}

/** Whose income a mandate line is: 'Mandante: NIT 800.197.268-4 Eventos S.A.S.'. */
function principalText(p: NonNullable<LineView['principal']>): string {
  const number = p.documentType === '31' ? formatNit(p.documentNumber, p.dv) : p.documentNumber;
  return `Mandante: ${documentTypeLabel(p.documentType)} ${number}${p.name ? ` ${p.name}` : ''}`;
}

type Prepared = { pen: Pen; lines: string[] };
type Adjustment = Prepared & { amount: string };
type Row = { height: number; lines: number; description: Prepared; adjustments: Adjustment[] };

/** A row's lines and height, measured before drawing so a row never splits across pages. */
function layoutRow(canvas: Canvas, l: LineView, values: string[]): Row {
  const width = columns[DESCRIPTION]!.width - 2 * table.padding;
  const { pen, text } = prepare(canvas, values[DESCRIPTION]!, {}, true); // the note and principal on lines of their own
  const description = { pen, lines: linesOf(pen, text, width) };
  const lines = Math.max(description.lines.length, values[TAX]!.split('\n').length);
  const adjustments = l.adjustments.map((a) => {
    const prepared = prepare(canvas, adjustmentText(a, { withBase: true }), adjustmentStyle);
    return {
      pen: prepared.pen,
      lines: linesOf(prepared.pen, prepared.text, ADJUSTMENT_WIDTH),
      amount: signedAmount(a),
    };
  });
  const extra = adjustments.reduce((sum, a) => sum + a.lines.length, 0);
  return { height: table.rowHeight + (lines - 1 + extra) * table.lineHeight, lines, description, adjustments };
}

/** The line's discounts and charges, under its cells. */
function drawAdjustments(canvas: Canvas, row: Row, top: number): void {
  let y = top + row.lines * table.lineHeight;
  const amountBox = { width: columns[BASE]!.width - 2 * table.padding, align: 'right' as const };
  for (const a of row.adjustments) {
    line(canvas, a.amount, columnX[BASE]! + table.padding, y, adjustmentStyle, amountBox);
    a.lines.forEach((part, k) => drawIn(a.pen, part, columnX[DESCRIPTION]! + table.padding, y + k * table.lineHeight));
    y += a.lines.length * table.lineHeight;
  }
}

/** The lines, page after page, repeating the table header; returns the y below the last row. */
export function drawLines(canvas: Canvas, lines: readonly LineView[], top: number, newPage: () => number): number {
  let y = drawTableHeader(canvas, top);
  lines.forEach((l, index) => {
    const values = cells(l);
    const row = layoutRow(canvas, l, values);
    const { height, description } = row;
    if (y + height > bottomLimit) y = drawTableHeader(canvas, newPage());
    if (index % 2 === 1) canvas.fillRect(left, y, contentWidth, height, colors.stripe);
    const textY = y + 2.2;
    columns.forEach((column, i) => {
      const x = columnX[i]! + table.padding;
      const width = column.width - 2 * table.padding;
      const box = { width, align: column.align };
      if (i === DESCRIPTION)
        description.lines.forEach((part, k) => drawIn(description.pen, part, x, textY + k * table.lineHeight, box));
      else values[i]!.split('\n').forEach((part, k) => line(canvas, part, x, textY + k * table.lineHeight, {}, box));
    });
    drawAdjustments(canvas, row, textY);
    y += height;
  });
  canvas.strokeLine(left, y, left + contentWidth, y, colors.rule, 0.6);
  return y;
}

import { formatMoney, formatNumber, formatPrice, formatRate } from '../format/colombian-format.ts';
import { unitLabel } from '../format/labels.ts';
import type { LineView } from '../invoice-view/invoice-view.ts';
import { drawIn, line, linesOf, prepare, type Doc, type Pen } from './draw-text.ts';
import { TextObject } from './text-object.ts';
import { bottomLimit, colors, columns, columnX, contentWidth, left, sizes, table } from './page-geometry.ts';

const DESCRIPTION = columns.findIndex((c) => c.key === 'description');
const TAX = columns.findIndex((c) => c.key === 'tax');

/** The table header: drawn on every page the table runs onto. */
export function drawTableHeader(doc: Doc, y: number): number {
  doc.rect(left, y, contentWidth, table.headerHeight).fill(colors.band);
  const batch = new TextObject();
  columns.forEach((column, i) => {
    line(doc, column.title, columnX[i]! + table.padding, y + 4, { face: 'bold', size: sizes.label, color: colors.bandText }, {
      width: column.width - 2 * table.padding,
      align: column.align,
    }, batch);
  });
  batch.flush(doc);
  return y + table.headerHeight;
}

function cells(l: LineView): string[] {
  const tax = l.taxes.length ? l.taxes.map((t) => `${t.name} ${formatRate(t.rate)}`).join('\n') : 'Excluido';
  return [l.id, l.code, l.description, formatNumber(l.quantity), unitLabel(l.unitCode), formatPrice(l.unitPrice),
    formatMoney(l.base), tax, formatMoney(l.total)];
}

type Prepared = { pen: Pen; lines: string[] };

/**
 * A row's description lines and height: one line, or the wrapped description (and one line per
 * tax when a line carries both IVA and INC). Measured before drawing so a row never splits
 * across pages.
 */
function layoutRow(doc: Doc, values: string[], batch: TextObject): { height: number; description: Prepared } {
  const width = columns[DESCRIPTION]!.width - 2 * table.padding;
  const { pen, text } = prepare(doc, values[DESCRIPTION]!, {}, false, batch);
  const description = { pen, lines: linesOf(pen, text, width) };
  const lines = Math.max(description.lines.length, values[TAX]!.split('\n').length);
  return { height: table.rowHeight + (lines - 1) * table.lineHeight, description };
}

/**
 * The lines, page after page: a row that does not fit above the footer opens a new page through
 * `newPage` (which draws the continuation header) and the table header is repeated there.
 * Returns the y below the last row.
 */
export function drawLines(doc: Doc, lines: readonly LineView[], top: number, newPage: () => number): number {
  let y = drawTableHeader(doc, top);
  // One text object per row: its cells share font, size and colour.
  const batch = new TextObject();
  lines.forEach((l, index) => {
    const values = cells(l);
    const { height, description } = layoutRow(doc, values, batch);
    if (y + height > bottomLimit) y = drawTableHeader(doc, newPage());
    if (index % 2 === 1) doc.rect(left, y, contentWidth, height).fill(colors.stripe);
    const textY = y + 2.2;
    columns.forEach((column, i) => {
      const x = columnX[i]! + table.padding;
      const width = column.width - 2 * table.padding;
      const box = { width, align: column.align };
      if (i === DESCRIPTION) description.lines.forEach((part, k) => drawIn(description.pen, part, x, textY + k * table.lineHeight, box));
      else values[i]!.split('\n').forEach((part, k) => line(doc, part, x, textY + k * table.lineHeight, {}, box, batch));
    });
    batch.flush(doc);
    y += height;
  });
  doc.lineWidth(0.6).moveTo(left, y).lineTo(left + contentWidth, y).stroke(colors.rule);
  return y;
}

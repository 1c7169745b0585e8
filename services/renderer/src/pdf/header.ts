import { formatDate, formatNit, formatTime } from '../format/colombian-format.ts';
import { NO_REFERENCE, personTypeLabel, responsibilitiesLabel, taxSchemeLabel } from '../format/labels.ts';
import type { InvoiceView, PartyAddress } from '../invoice-view/invoice-view.ts';
import type { Canvas } from './canvas.ts';
import { documentTitles } from './document-titles.ts';
import { block, line } from './draw-text.ts';
import { colors, contentWidth, continuationTop, left, page, right, sizes } from './page-geometry.ts';

const BOX_WIDTH = 206;

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The department, unless the city already names it: 'Bogotá, D.C.' is in the department 'Bogotá'. */
const departmentOf = (a: PartyAddress): string | undefined =>
  a.city && a.department && folded(a.city).startsWith(`${folded(a.department)},`) ? undefined : a.department;

export const addressText = (a: PartyAddress | undefined): string =>
  a ? [a.line, a.city, departmentOf(a), a.country].filter(Boolean).join(', ') : '';

/** Page 1 top: issuer, title box, numbering authorization. Returns the y below it. */
export function drawHeader(canvas: Canvas, view: InvoiceView): number {
  const s = view.supplier;
  const textWidth = contentWidth - BOX_WIDTH - 14;
  let y = page.margin;
  y += block(canvas, s.name, left, y, textWidth, { face: 'bold', size: sizes.issuer }) + 1;
  if (s.tradeName) y += block(canvas, s.tradeName, left, y, textWidth, { color: colors.muted }) + 1.8;
  const issuerLines = [
    `NIT ${formatNit(s.documentNumber, s.dv)}${s.personType ? ` · ${personTypeLabel(s.personType)}` : ''}`,
    addressText(s.address),
    [s.phone ? `Tel. ${s.phone}` : '', s.email ?? ''].filter(Boolean).join(' · '),
    s.taxLevelCodes.length ? `Responsabilidades fiscales: ${responsibilitiesLabel(s.taxLevelCodes)}` : '',
    s.taxScheme ? taxSchemeLabel(s.taxScheme) : '',
  ];
  for (const text of issuerLines) if (text) y += block(canvas, text, left, y, textWidth) + 1.8;

  const boxBottom = drawTitleBox(canvas, view, right - BOX_WIDTH, page.margin);
  y = Math.max(y, boxBottom) + 6;
  const r = view.resolution;
  if (!r) return y; // a note has no numbering authorization (annex §10.1)
  const resolution =
    `Autorización de numeración de facturación DIAN No. ${r.authorizationNumber} del ${formatDate(r.startDate)}` +
    `${r.prefix ? `, prefijo ${r.prefix}` : ', sin prefijo'}, rango del ${r.from} al ${r.to}, ` +
    `vigencia desde el ${formatDate(r.startDate)} hasta el ${formatDate(r.endDate)}.`;
  y += block(canvas, resolution, left, y, contentWidth, { size: sizes.small, color: colors.muted });
  return y + 6;
}

function drawTitleBox(canvas: Canvas, view: InvoiceView, x: number, y: number): number {
  const pad = 6;
  canvas.fillRect(x, y, BOX_WIDTH, 18, colors.band);
  line(
    canvas,
    documentTitles[view.kind].title,
    x,
    y + 4.5,
    { face: 'bold', size: sizes.title, color: colors.bandText },
    { width: BOX_WIDTH, align: 'center' },
  );
  let cursor = y + 22;
  line(
    canvas,
    `No. ${view.documentId}`,
    x,
    cursor,
    { face: 'bold', size: sizes.number },
    { width: BOX_WIDTH, align: 'center' },
  );
  cursor += 19;
  const rows: [string, string][] = [
    ['Fecha de emisión', formatDate(view.issueDate)],
    ['Hora de emisión', formatTime(view.issueTime)],
    view.note
      ? ['Factura referenciada', view.note.referencedInvoice?.documentId ?? NO_REFERENCE]
      : ['Fecha de vencimiento', view.dueDate ? formatDate(view.dueDate) : 'No aplica (contado)'],
  ];
  for (const [label, value] of rows) {
    line(canvas, label, x + pad, cursor, { size: sizes.label, color: colors.muted });
    line(canvas, value, x + pad, cursor, { face: 'bold' }, { width: BOX_WIDTH - 2 * pad, align: 'right' });
    cursor += 10;
  }
  canvas.strokeRect(x, y, BOX_WIDTH, cursor - y + 2, colors.rule, 0.6);
  return cursor + 2;
}

/** Pages 2…n: issuer and number in one band, so a loose page is still identifiable. */
export function drawContinuationHeader(canvas: Canvas, view: InvoiceView): number {
  const y = page.margin;
  line(canvas, view.supplier.name, left, y, { face: 'bold', size: sizes.title }, { width: contentWidth / 2 });
  line(
    canvas,
    `${documentTitles[view.kind].title} No. ${view.documentId} (continuación)`,
    left + contentWidth / 2,
    y + 1,
    { face: 'bold' },
    {
      width: contentWidth / 2,
      align: 'right',
    },
  );
  canvas.strokeLine(left, y + 14, right, y + 14, colors.rule, 0.6);
  return continuationTop;
}

import { formatDate } from '../format/colombian-format.ts';
import { NO_REFERENCE, noteConceptLabel } from '../format/labels.ts';
import type { InvoiceView, NoteView } from '../invoice-view/invoice-view.ts';
import type { Canvas } from './canvas.ts';
import { labelled, line } from './draw-text.ts';
import { colors, contentWidth, left, sizes } from './page-geometry.ts';

const PAD = 5;

/**
 * A note's reason to exist (annex §10.1–10.2): the invoice it corrects, or the period a note without one covers, and
 * the concept. Returns the y below.
 */
export function drawNoteReference(canvas: Canvas, view: InvoiceView, note: NoteView, top: number): number {
  const kind = view.kind === 'debit_note' ? 'debit_note' : 'credit_note';
  const invoice = note.referencedInvoice;
  const period = note.invoicePeriod;
  const rows: [string, string][] = invoice
    ? [
        ['Factura electrónica de venta', `No. ${invoice.documentId} del ${formatDate(invoice.issueDate)}`],
        ['CUFE de la factura', invoice.cufe],
      ]
    : [['Factura electrónica de venta', NO_REFERENCE]];
  if (period) rows.push(['Periodo', `del ${formatDate(period.startDate)} al ${formatDate(period.endDate)}`]);
  rows.push(['Concepto', noteConceptLabel(kind, note.concept)]);
  if (note.description) rows.push(['Descripción', note.description]);
  canvas.fillRect(left, top, contentWidth, 12, colors.stripe);
  line(canvas, 'FACTURA REFERENCIADA', left + PAD, top + 3, { face: 'bold', size: sizes.label, color: colors.band });
  let y = top + 16;
  for (const [label, value] of rows) y += labelled(canvas, label, value, left + PAD, y, contentWidth - 2 * PAD) + 2.2;
  y += 3;
  canvas.strokeRect(left, top, contentWidth, y - top, colors.rule, 0.6);
  return y + 8;
}

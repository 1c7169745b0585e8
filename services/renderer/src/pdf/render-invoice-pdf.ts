import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { Canvas } from './canvas.ts';
import { CollectedDocument } from './collected-document.ts';
import { FALLBACK, fallbackFonts } from './fonts.ts';
import { documentTitles } from './document-titles.ts';
import { drawContinuationHeader, drawHeader } from './header.ts';
import { drawLegalBlock, legalBlockHeight } from './legal-block.ts';
import { drawLines } from './lines-table.ts';
import { drawNoteReference } from './note-reference.ts';
import { deflatePageContents } from './page-compression.ts';
import { drawFooter } from './page-footer.ts';
import { bottomLimit, page } from './page-geometry.ts';
import { drawParties } from './parties.ts';
import { drawSummary, summaryHeight } from './summary.ts';

export type RenderedPdf = { bytes: Uint8Array; pageCount: number };

const GAP = 8;

/**
 * The PDF of an invoice or note, synchronously into memory. The same view gives the same bytes: the creation date
 * is the issue instant, not the clock (pdfkit derives the file ID from it).
 */
export function renderInvoicePdf(view: InvoiceView): RenderedPdf {
  const doc = new CollectedDocument({
    size: [page.width, page.height],
    margin: 0,
    bufferPages: true, // "página i de n" is written once n is known
    font: '', // no default Helvetica: it would be parsed for every document and never used
    lang: 'es-CO',
    displayTitle: true,
    info: {
      Title: `${documentTitles[view.kind].title} ${view.documentId}`,
      Author: view.supplier.name,
      Subject: `${documentTitles[view.kind].keyLabel} ${view.cufe}`,
      Creator: 'fe-colombia @fe/renderer',
      CreationDate: issueInstant(view),
    },
  });
  // pdfkit accepts a parsed fontkit font (PDFFontFactory.open): parsing happens once per
  // process. A registered font is embedded only if a string is drawn with it.
  const { regular, bold } = fallbackFonts();
  doc.registerFont(FALLBACK.regular, regular as unknown as Uint8Array);
  doc.registerFont(FALLBACK.bold, bold as unknown as Uint8Array);

  const canvas = new Canvas(doc);
  layout(canvas, view);
  canvas.flush();

  const { count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(i);
    drawFooter(canvas, view, i + 1, count);
    canvas.flush();
  }
  deflatePageContents(doc);
  doc.end();
  return { bytes: doc.bytes(), pageCount: count };
}

function layout(canvas: Canvas, view: InvoiceView): void {
  const newPage = () => {
    canvas.flush(); // the rest of this page's operators, before pdfkit opens the next one
    canvas.doc.addPage();
    return drawContinuationHeader(canvas, view);
  };
  let y = drawHeader(canvas, view);
  if (view.note) y = drawNoteReference(canvas, view, view.note, y);
  y = drawParties(canvas, view, y);
  y = drawLines(canvas, view.lines, y, newPage) + GAP;
  // The summary and the legal block stay together, after the last line, on one page.
  const closing = summaryHeight(canvas, view) + GAP + legalBlockHeight(view);
  if (y + closing > bottomLimit) y = newPage() + GAP;
  y = drawSummary(canvas, view, y) + GAP;
  drawLegalBlock(canvas, view, y);
}

function issueInstant(view: InvoiceView): Date {
  const instant = new Date(`${view.issueDate}T${view.issueTime}`);
  return Number.isNaN(instant.getTime()) ? new Date(0) : instant;
}

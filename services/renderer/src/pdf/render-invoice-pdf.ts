import PDFDocument from 'pdfkit';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import type { Doc } from './draw-text.ts';
import { FALLBACK, fallbackFonts } from './fonts.ts';
import { drawContinuationHeader, drawHeader, TITLE } from './header.ts';
import { drawLegalBlock, legalBlockHeight } from './legal-block.ts';
import { drawLines } from './lines-table.ts';
import { drawFooter } from './page-footer.ts';
import { bottomLimit, page } from './page-geometry.ts';
import { drawParties } from './parties.ts';
import { drawSummary, summaryHeight } from './summary.ts';

export type RenderedPdf = { bytes: Uint8Array; pageCount: number };

const GAP = 8;

/**
 * The invoice's PDF, synchronously: pdfkit writes everything inside `end()`, so the bytes are
 * read straight from its buffer, with no stream events per render.
 *
 * The same view gives the same bytes: the creation date is the issue instant, not the clock
 * (pdfkit derives the file ID from it).
 */
export function renderInvoicePdf(view: InvoiceView): RenderedPdf {
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: 0,
    bufferPages: true, // "página i de n" is written once n is known
    font: '', // no default Helvetica: it would be parsed for every document and never used
    lang: 'es-CO',
    displayTitle: true,
    info: {
      Title: `${TITLE} ${view.documentId}`,
      Author: view.supplier.name,
      Subject: `CUFE ${view.cufe}`,
      Creator: 'fe-colombia @fe/renderer',
      CreationDate: issueInstant(view),
    },
  });
  // pdfkit accepts a parsed fontkit font (PDFFontFactory.open): parsing happens once per
  // process. A registered font is embedded only if a string is drawn with it.
  const { regular, bold } = fallbackFonts();
  doc.registerFont(FALLBACK.regular, regular as unknown as Uint8Array);
  doc.registerFont(FALLBACK.bold, bold as unknown as Uint8Array);

  layout(doc, view);

  const { count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(i);
    drawFooter(doc, view, i + 1, count);
  }
  doc.end();
  const bytes = doc.read() as Buffer | null;
  if (!bytes) throw new Error('pdfkit produced no output');
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), pageCount: count };
}

function layout(doc: Doc, view: InvoiceView): void {
  const newPage = () => {
    doc.addPage();
    return drawContinuationHeader(doc, view);
  };
  let y = drawHeader(doc, view);
  y = drawParties(doc, view, y);
  y = drawLines(doc, view.lines, y, newPage) + GAP;
  // The summary and the legal block stay together, after the last line, on one page.
  const closing = summaryHeight(doc, view) + GAP + legalBlockHeight(view);
  if (y + closing > bottomLimit) y = newPage() + GAP;
  y = drawSummary(doc, view, y) + GAP;
  drawLegalBlock(doc, view, y);
}

function issueInstant(view: InvoiceView): Date {
  const instant = new Date(`${view.issueDate}T${view.issueTime}`);
  return Number.isNaN(instant.getTime()) ? new Date(0) : instant;
}

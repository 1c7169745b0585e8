import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { line, type Doc } from './draw-text.ts';
import { PHRASE } from './legal-block.ts';
import { colors, contentWidth, left, page, right, sizes } from './page-geometry.ts';

/**
 * Every page's last band: the legal phrase with the number and the start of the CUFE (so a
 * single printed page can be matched to its invoice) and "Página i de n".
 */
export function drawFooter(doc: Doc, view: InvoiceView, pageNumber: number, pageCount: number): void {
  const y = page.height - page.margin - 8;
  doc.lineWidth(0.4).moveTo(left, y - 4).lineTo(right, y - 4).stroke(colors.rule);
  const style = { size: sizes.small, color: colors.muted };
  line(doc, `${PHRASE} No. ${view.documentId} · CUFE ${view.cufe.slice(0, 16)}…`, left, y, style, { width: contentWidth - 70 });
  line(doc, `Página ${pageNumber} de ${pageCount}`, left, y, style, { width: contentWidth, align: 'right' });
}

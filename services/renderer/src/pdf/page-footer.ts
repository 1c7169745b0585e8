import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import type { Canvas } from './canvas.ts';
import { documentTitles } from './document-titles.ts';
import { line } from './draw-text.ts';
import { colors, contentWidth, left, page, right, sizes } from './page-geometry.ts';

/**
 * Every page's last band: the legal phrase with the number and the start of the CUFE (so a
 * single printed page can be matched to its document) and "Página i de n".
 */
export function drawFooter(canvas: Canvas, view: InvoiceView, pageNumber: number, pageCount: number): void {
  const y = page.height - page.margin - 8;
  canvas.strokeLine(left, y - 4, right, y - 4, colors.rule, 0.4);
  const style = { size: sizes.small, color: colors.muted };
  const titles = documentTitles[view.kind];
  line(
    canvas,
    `${titles.phrase} No. ${view.documentId} · ${titles.keyLabel} ${view.cufe.slice(0, 16)}…`,
    left,
    y,
    style,
    { width: contentWidth - 70 },
  );
  line(canvas, `Página ${pageNumber} de ${pageCount}`, left, y, style, { width: contentWidth, align: 'right' });
}

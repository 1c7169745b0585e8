import { deflateSync } from 'node:zlib';

/**
 * Deflates page content at `CONTENT_LEVEL`, cheaper than pdfkit's default for a few bytes more (docs/pdf.md,
 * "Bench"). pdfkit has no per-stream level, so this reaches into pinned internals: call once, before `doc.end()`.
 */
const CONTENT_LEVEL = 3;

type ContentStream = { buffer: unknown; compress: boolean; data: Record<string, unknown> };

export function deflatePageContents(doc: PDFKit.PDFDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    const content = doc.switchToPage(i).content as unknown as ContentStream;
    if (!content.compress) continue;
    if (!Array.isArray(content.buffer)) throw new Error('pdfkit changed: a page content stream has no chunk list');
    content.buffer = [deflateSync(Buffer.concat(content.buffer as Uint8Array[]), { level: CONTENT_LEVEL })];
    content.compress = false; // so pdfkit's finalize does not deflate it again
    content.data.Filter = 'FlateDecode';
  }
}

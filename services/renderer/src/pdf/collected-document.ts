import PDFDocument from 'pdfkit';

/**
 * pdfkit's document with its output joined in memory instead of pushed piece by piece through a stream. It
 * overrides pdfkit's private `_write` (pinned to pdfkit 0.20); render-invoice-pdf's tests check the file.
 */
export class CollectedDocument extends (PDFDocument as unknown as new (
  options: PDFKit.PDFDocumentOptions,
) => PDFKit.PDFDocument) {
  // Not class fields: pdfkit writes its header from its constructor, before fields would be set.
  // Names pdfkit does not use (a `text` here would hide its text() method).
  declare private collected: Uint8Array[] | undefined;
  declare private pendingText: string | undefined;
  declare private _offset: number;

  /** pdfkit's own hook, called for every piece of the file. */
  _write(data: string | Uint8Array): void {
    if (typeof data === 'string') {
      this.pendingText = `${this.pendingText ?? ''}${data}\n`;
      this._offset += data.length + 1;
      return;
    }
    this.#endText();
    this.collected!.push(data);
    this._offset += data.length;
  }

  /** The whole file, once `end()` has returned, in an ArrayBuffer of its own (transferable). */
  bytes(): Uint8Array {
    this.#endText();
    const out = new Uint8Array(this._offset);
    let at = 0;
    for (const piece of this.collected!) {
      out.set(piece, at);
      at += piece.length;
    }
    return out;
  }

  #endText(): void {
    this.collected ??= [];
    if (!this.pendingText) return;
    this.collected.push(Buffer.from(this.pendingText, 'latin1'));
    this.pendingText = '';
  }
}

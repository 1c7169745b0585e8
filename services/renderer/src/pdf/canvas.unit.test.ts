import { describe, expect, it } from 'vitest';
import { Canvas, type Doc } from './canvas.ts';
import { standardFaces } from './standard-font.ts';

/** What the canvas uses of pdfkit's document, recording what reaches the page. */
function fakeDoc() {
  const written: string[] = [];
  const page = { fonts: {} as Record<string, unknown>, xobjects: {} as Record<string, unknown> };
  let nextId = 1;
  const doc = {
    page,
    ref: (data: unknown) => ({ id: nextId++, data, end: () => {} }),
    addContent: (bytes: Uint8Array) => written.push(Buffer.from(bytes).toString('latin1')),
  };
  return { doc: doc as unknown as Doc, page, written };
}

const { regular, bold } = standardFaces;

describe('Canvas', () => {
  it('keeps text in one text object, writing font and colour only when they change', () => {
    const { doc, page, written } = fakeDoc();
    const canvas = new Canvas(doc);
    canvas.text(regular, 7.5, '#1a1a1a', 10, 20, '(a) Tj');
    canvas.text(regular, 7.5, '#1a1a1a', 30, 20, '(b) Tj');
    canvas.text(bold, 7.5, '#ffffff', 50, 20, '(c) Tj');
    expect(written).toEqual([]); // nothing reaches the page before a flush
    canvas.flush();
    expect(written).toEqual([
      [
        // baseline = top + ascender (718/1000 em) × size, at most 6 decimals
        'BT',
        '/S1 7.5 Tf',
        '0.101961 0.101961 0.101961 rg',
        '1 0 0 -1 10 25.385 Tm',
        '(a) Tj',
        '1 0 0 -1 30 25.385 Tm',
        '(b) Tj',
        '/S2 7.5 Tf',
        '1 1 1 rg',
        '1 0 0 -1 50 25.385 Tm',
        '(c) Tj',
        'ET',
        '',
      ].join('\n'),
    ]);
    expect(Object.keys(page.fonts)).toEqual(['S1', 'S2']);
  });

  it('closes the text object for boxes and rules, and keeps the colours they share', () => {
    const { doc, written } = fakeDoc();
    const canvas = new Canvas(doc);
    canvas.fillRect(0, 0, 10, 5, '#1a1a1a');
    canvas.text(regular, 10, '#1a1a1a', 1, 1, '(a) Tj');
    canvas.strokeRect(0, 0, 10, 5, '#ffffff', 0.6);
    canvas.strokeLine(0, 5, 10, 5, '#ffffff', 0.6);
    canvas.flush();
    expect(written[0]!.split('\n')).toEqual([
      '0.101961 0.101961 0.101961 rg',
      '0 0 10 5 re f',
      'BT',
      '/S1 10 Tf',
      '1 0 0 -1 1 8.18 Tm',
      '(a) Tj',
      'ET',
      '0.6 w',
      '1 1 1 RG',
      '0 0 10 5 re S',
      '0 5 m 10 5 l S',
      '',
    ]);
  });

  it('forgets its state at a flush: pdfkit may have changed it, or the page changed', () => {
    const { doc, page, written } = fakeDoc();
    const canvas = new Canvas(doc);
    canvas.text(regular, 10, '#1a1a1a', 1, 1, '(a) Tj');
    canvas.flush();
    canvas.flush(); // nothing queued: nothing written
    delete page.fonts.S1; // as on a new page
    canvas.text(regular, 10, '#1a1a1a', 1, 1, '(a) Tj');
    canvas.flush();
    expect(written).toHaveLength(2);
    expect(written[1]).toBe(written[0]);
    expect(Object.keys(page.fonts)).toEqual(['S1']); // listed again on the page, same dictionary
  });

  it('draws a form XObject scaled at a point, and lists it on the page', () => {
    const { doc, page, written } = fakeDoc();
    const canvas = new Canvas(doc);
    const form = doc.ref({});
    canvas.drawForm(form, 1.25, 34, 40.5);
    canvas.flush();
    expect(written).toEqual([`q\n1.25 0 0 1.25 34 40.5 cm\n/X${form.id} Do\nQ\n`]);
    expect(page.xobjects[`X${form.id}`]).toBe(form);
  });
});

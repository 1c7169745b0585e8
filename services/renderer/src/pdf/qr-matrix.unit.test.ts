import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { readInvoiceView } from '../invoice-view/read-invoice-view.ts';
import { sampleInvoice, sampleReadOptions } from '../samples/sample-invoices.ts';
import { qrMatrix } from './qr-matrix.ts';

/** The symbol as the qrcode library encodes it with the renderer's choices. */
function reference(text: string) {
  const { modules, version } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: 2,
  });
  return { version, size: modules.size, modules: Uint8Array.from(modules.data) };
}

const sameAsQrcode = (text: string) => {
  const actual = qrMatrix(text);
  const expected = reference(text);
  expect(actual.size).toBe(expected.size);
  expect(Buffer.from(actual.modules).equals(Buffer.from(expected.modules))).toBe(true);
};

// Byte-mode capacity at level M: the longest text of each version 1…40 (ISO 18004 table 7).
const capacity = [
  14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779, 857, 911,
  997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
];
let seed = 7;
const ascii = (length: number) =>
  String.fromCharCode(...Array.from({ length }, () => 32 + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 95)));

describe('qrMatrix', () => {
  it("gives qrcode's symbol for DIAN's QR text of a sample invoice", () => {
    sameAsQrcode(readInvoiceView(sampleInvoice({ lines: 12 }).xml, sampleReadOptions).qrContent);
  });

  it("gives qrcode's symbol at both ends of every version, 1 to 40", () => {
    capacity.forEach((longest, i) => {
      const shortest = i ? capacity[i - 1]! + 1 : 1;
      expect([reference(ascii(shortest)).version, reference(ascii(longest)).version]).toEqual([i + 1, i + 1]);
      sameAsQrcode(ascii(shortest));
      sameAsQrcode(ascii(longest));
    });
  });

  it("gives qrcode's symbol for any text (UTF-8, control characters, lone surrogates)", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        if (text) sameAsQrcode(text);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a text no QR symbol holds', () => {
    expect(() => qrMatrix('x'.repeat(2332))).toThrow(/too big/);
  });
});

import { describe, expect, it } from 'vitest';
import { dianLookupUrl, qrContent } from './qr-content.ts';

const cufe = '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3';

describe('QR content', () => {
  it('uses the environment lookup host', () => {
    expect(dianLookupUrl(cufe, '2')).toBe(
      `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${cufe}`,
    );
    expect(dianLookupUrl(cufe, '1')).toBe(`https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${cufe}`);
  });

  it('writes the labelled lines of annex §4.2 for the own example', () => {
    expect(
      qrContent({
        numFac: 'SETP990001234',
        fecFac: '2025-03-10',
        horFac: '10:15:00-05:00',
        nitFac: '900123456',
        docAdq: '1020304050',
        valFac: '120000.00',
        valIva: '20000.00',
        valOtroIm: '0.00',
        valTolFac: '140000.00',
        cufe,
        environment: '2',
      }).split('\n'),
    ).toEqual([
      'NumFac: SETP990001234',
      'FecFac: 2025-03-10',
      'HorFac: 10:15:00-05:00',
      'NitFac: 900123456',
      'DocAdq: 1020304050',
      'ValFac: 120000.00',
      'ValIva: 20000.00',
      'ValOtroIm: 0.00',
      'ValTolFac: 140000.00',
      `CUFE: ${cufe}`,
      `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${cufe}`,
    ]);
  });
});

// The PDF read back by independent programs: poppler's pdftotext, pdfinfo and pdftoppm (Debian
// poppler-utils, scripts/install-system-tools.sh) and the jsQR decoder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readInvoiceView, renderInvoicePdf } from '../src/index.ts';
import { rowsPerContinuationPage } from '../src/pdf/page-geometry.ts';
import { demoInvoiceOf, sampleInvoice, sampleReadOptions } from '../src/samples/sample-invoices.ts';
import { buildCase, invoiceCases } from '@fe/dian-domain/testing';
import { decodeQr, pdfText } from '../test-support/read-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'fe-renderer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function render(name: string, options: Parameters<typeof sampleInvoice>[0]) {
  const built = sampleInvoice(options);
  const { bytes, pageCount } = renderInvoicePdf(readInvoiceView(built.xml, sampleReadOptions));
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return { built, file, pageCount };
}

describe('the PDF, read back', () => {
  const { built, file } = render('twelve', { lines: 12 });

  it('carries the number, the CUFE, the buyer, the totals and the legal texts', () => {
    const text = pdfText(file);
    expect(text).toContain('FACTURA ELECTRÓNICA DE VENTA');
    expect(text).toContain('No. SETP990001234');
    expect(text).toContain(built.cufe);
    expect(text).toContain('Compañía Cliente de Ejemplo S.A.S.');
    expect(text).toContain('900.108.281-3');
    expect(text).toContain('$ 3.637.943,24'); // total payable
    expect(text).toContain('$ 482.580,00'); // IVA
    expect(text).toContain('$ 17.760,24'); // INC
    expect(text).toContain('TRES MILLONES SEISCIENTOS TREINTA Y SIETE MIL NOVECIENTOS CUARENTA Y');
    expect(text).toContain('Representación gráfica de la factura electrónica');
    expect(text).toContain('Autorización de numeración de facturación DIAN No. 18760000001');
    expect(text).toContain('10/03/2025 10:15:04 (UTC-05:00)');
    expect(text).toContain('catalogo-vpfe-hab.dian.gov.co/document/searchqr');
    expect(text).toContain('EMPRESA DEMO S.A.S. (software propio)');
    expect(text).toContain('Página 1 de 1');
  });

  it("has a QR that decodes, from the rasterised page, to DIAN's QR text", () => {
    expect(decodeQr(file, dir)).toBe(built.qrContent);
  });
});

describe('an invoice in a foreign currency (issue 30)', () => {
  const pdfOf = (name: string) => {
    const built = buildCase(invoiceCases.find((c) => c.name.startsWith(name))!.request);
    const file = join(dir, `${name.replaceAll(' ', '-')}.pdf`);
    writeFileSync(file, renderInvoicePdf(readInvoiceView(built.xml, { softwareProviderName: 'X' })).bytes);
    return pdfText(file);
  };

  it("prints an export's currency, its rate with its date, the total in pesos and the Incoterm", () => {
    const text = pdfOf('export in US dollars');
    expect(text).toContain('USD');
    expect(text).toContain('1 USD = $ 3.912,45 COP (09/03/2026)');
    // 120 × 12.75 + 3 × 1 499.99 − 5 % (225.00) = 5 804.97 dollars; × 3 912.45 = 22 711 654.88 pesos.
    expect(text).toContain('$ 5.804,97');
    expect(text).toContain('$ 22.711.654,88');
    expect(text).toContain('Condiciones de entrega: FOB (Franco a bordo). Puerto de');
    expect(text).toContain('SON: CINCO MIL OCHOCIENTOS CUATRO DÓLARES ESTADOUNIDENSES CON 97/100');
    expect(text).not.toContain('M/CTE');
  });

  it('prints a dollar invoice at home with its rate and no delivery terms; a peso one with neither', () => {
    const dollars = pdfOf('US dollars to a buyer at home');
    expect(dollars).toContain('1 USD = $ 4.005,1234 COP (10/03/2026)');
    expect(dollars).not.toContain('Condiciones de entrega');
    const pesos = pdfOf('one line');
    expect(pesos).toContain('COP (peso colombiano)');
    expect(pesos).not.toContain('Tasa de cambio');
  });
});

describe('a contingency invoice (type 04, docs/contingency.md)', () => {
  it('says on its PDF that DIAN has not got it yet, and why; an ordinary one does not', () => {
    const built = sampleInvoice({ lines: 2 });
    const contingency = built.xml.replace(
      '<cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>',
      '<cbc:InvoiceTypeCode>04</cbc:InvoiceTypeCode>',
    );
    expect(contingency).not.toBe(built.xml);
    const file = join(dir, 'contingency.pdf');
    writeFileSync(file, renderInvoicePdf(readInvoiceView(contingency, { softwareProviderName: 'X' })).bytes);
    const text = pdfText(file).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Factura de contingencia (tipo 04): expedida durante una indisponibilidad de la plataforma de la DIAN;',
    );
    expect(text).toContain('se transmite a la DIAN cuando el servicio se restablece.');
    expect(text).toContain('pendiente: la DIAN aún no ha validado este documento');
    expect(pdfText(render('ordinary', { lines: 2 }).file)).not.toContain('contingencia');
  });
});

describe('a 500-line invoice', () => {
  const { file, pageCount } = render('five-hundred', {
    lines: 500,
    description: 'Tornillo hexagonal galvanizado 1/4" x 2"',
  });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Array.from({ length: pageCount }, (_, i) => pdfText(file, i + 1));
  const codesOn = (text: string) => [...text.matchAll(/PRD-(\d{4})/g)].map((m) => Number(m[1]));

  it('has the page count it reports, and says so on every page', () => {
    expect(info).toMatch(new RegExp(`^Pages:\\s+${pageCount}$`, 'm'));
    pages.forEach((text, i) => expect(text).toContain(`Página ${i + 1} de ${pageCount}`));
  });

  it('prints every line once, in order, with the table header repeated on each page', () => {
    expect(pages.flatMap(codesOn)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    for (const text of pages.slice(0, -1)) expect(text).toMatch(/Descripción\s+Cantidad\s+Unidad\s+Valor unitario/);
  });

  it('fills every page between the first and the last', () => {
    for (const text of pages.slice(1, -1)) expect(codesOn(text)).toHaveLength(rowsPerContinuationPage);
    expect(pages.at(-1)).toContain('TOTAL A PAGAR');
    // Not one page more than the lines need: the summary opens a page only if it must.
    const lastRows = codesOn(pages.at(-1)!).length;
    const beforeLast = codesOn(pages.at(-2)!).length;
    expect(lastRows > 0 || beforeLast > 40).toBe(true);
  });
});

describe('names the font cannot draw', () => {
  it('renders emoji and unknown scripts without failing, keeping the rest of the text', () => {
    const { file } = render('emoji', {
      lines: 2,
      customerName: 'Panadería 🥐 Ñandú 😀 中文 Ltda',
      description: 'Torta 🎂 de cumpleaños ✓',
    });
    const text = pdfText(file);
    expect(text).toContain('Panadería');
    expect(text).toContain('Ñandú');
    expect(text).toContain('Ltda');
    expect(text).toContain('😀'); // DejaVu has it: drawn, and extractable
    expect(text).toContain('\uFFFD'); // 中文 and 🥐 are in no font: one replacement each
    expect(text).toContain('de cumpleaños');
  });
});

describe('examples/invoice-discounts.json, read back as an accountant checks it', () => {
  const request: unknown = JSON.parse(
    readFileSync(new URL('../../../examples/invoice-discounts.json', import.meta.url), 'utf8'),
  );
  // No read options: the provider's name comes from the XML alone.
  const file = join(dir, 'discounts.pdf');
  writeFileSync(file, renderInvoicePdf(readInvoiceView(demoInvoiceOf(request).xml)).bytes);
  const text = pdfText(file);
  const rows = text.split('\n');
  const below = (needle: string) => rows[rows.findIndex((row) => row.includes(needle)) + 1];

  it("prints each line's discount or charge under it, with its percentage, base, reason and amount", () => {
    expect(rows.find((row) => row.includes('Portátil 14 pulgadas'))).toMatch(/2\.500\.000,00\s+6\.750\.000,00/);
    expect(below('Portátil 14 pulgadas')).toMatch(
      /Descuento no condicionado del 10 % sobre \$ 7\.500\.000,00: Descuento por volumen\s+-750\.000,00/,
    );
    expect(below('Instalación y configuración')).toMatch(/Cargo sobre \$ 360\.000,00: Servicio urgente\s+\+60\.000,00/);
  });

  it("prints the invoice's own discounts and charges with their reasons", () => {
    expect(text).toContain('DESCUENTOS Y CARGOS DE LA FACTURA');
    expect(text).toMatch(/Descuento condicionado: Pronto pago \(condicionado a pago en 10 días\)\s+-\$ 50\.000,00/);
    expect(text).toMatch(/Cargo: Transporte\s+\+\$ 35\.000,00/);
  });

  it('prints the taxes the invoice carries and no other (no "INC $ 0,00")', () => {
    expect(text).toMatch(/IVA\s+\$ 1\.362\.300,00/);
    expect(text).not.toMatch(/\bINC\b/);
  });

  it("names the software provider: a company on its own software by the issuer's legal name", () => {
    expect(text).toContain('Proveedor del software: EMPRESA DEMO S.A.S. · NIT 900.123.456-8');
  });

  it("writes each address's city once ('Bogotá, D.C.' already names its department)", () => {
    for (const street of ['Carrera 7 # 71 - 21', 'Calle 100 # 10 - 20']) {
      const address = rows.find((row) => row.includes(street))!;
      expect(address.match(/bogot/gi)).toHaveLength(1);
      expect(address).toMatch(/Colombia/);
    }
  });
});

describe('the operations beyond the standard sale (docs/api.md, "AIU and mandates")', () => {
  const buyer = { document_type: '31', document_number: '900108281', name: 'Constructora Cliente S.A.S.' };
  const renderText = (name: string, request: unknown) => {
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, renderInvoicePdf(readInvoiceView(demoInvoiceOf(request).xml, sampleReadOptions)).bytes);
    return pdfText(file);
  };

  it("an AIU invoice prints the contract's direct cost, A, I and U, the contract's note, and IVA on U only", () => {
    const text = renderText('aiu', {
      customer: buyer,
      lines: [{ code: 'OB-1', name: 'Obra civil', quantity: 1, unit_price: 40000000 }],
      payment: { method_code: '10' },
      aiu: {
        contract_object: 'Bodega de Funza',
        administration: { percent: 8 },
        unforeseen: { percent: 2 },
        profit: { percent: 5 },
      },
    });
    // A 3 200 000, I 800 000, U 2 000 000 of a 40 000 000 contract; IVA 19 % of U = 380 000.
    for (const shown of [
      'Costo directo (contrato AIU)',
      'Administración (A)',
      '$ 3.200.000,00',
      'Imprevistos (I)',
      '$ 800.000,00',
      'Utilidad (U)',
      '$ 2.000.000,00',
      'Contrato de servicios AIU por concepto de:', // the note, wrapped in the description column
      'Bodega de Funza',
      '$ 380.000,00',
      '$ 46.380.000,00',
    ])
      expect(text).toContain(shown);
  });

  it("a mandate invoice prints each principal's line with the principal's identification and name", () => {
    const text = renderText('mandate', {
      customer: buyer,
      lines: [
        {
          code: 'M-1',
          name: 'Boleta',
          quantity: 1,
          unit_price: 100000,
          principal: { document_type: '31', document_number: '800197268', check_digit: '4', name: 'Eventos S.A.S.' },
        },
        { code: 'C-1', name: 'Comisión', quantity: 1, unit_price: 10000 },
      ],
      payment: { method_code: '10' },
    });
    expect(text).toContain('Mandante: NIT 800.197.268-4 Eventos S.A.S.');
    expect(text.match(/Mandante:/g)).toHaveLength(1);
  });
});

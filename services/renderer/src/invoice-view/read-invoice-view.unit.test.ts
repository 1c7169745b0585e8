import { SIGNATURE_SLOT_ANCHOR } from '@fe/dian-domain';
import { describe, expect, it } from 'vitest';
import { editElementContent, withoutElement } from '@fe/dian-xml/testing';
import { sampleInvoice, sampleReadOptions } from '../samples/sample-invoices.ts';
import { readInvoiceView } from './read-invoice-view.ts';

const built = sampleInvoice({ lines: 3 });

describe('readInvoiceView', () => {
  const view = readInvoiceView(built.xml, sampleReadOptions);

  it('reads the identity of the invoice and the numbering authorization', () => {
    expect(view).toMatchObject({
      kind: 'invoice',
      documentId: 'SETP990001234',
      cufe: built.cufe,
      environment: '2',
      issueDate: '2025-03-10',
      issueTime: '10:15:00-05:00',
      resolution: {
        authorizationNumber: '18760000001',
        prefix: 'SETP',
        from: '990000000',
        to: '995000000',
        startDate: '2019-01-19',
        endDate: '2030-01-19',
      },
      validatedAt: sampleReadOptions.validatedAt,
      softwareProvider: { nit: '900123456', dv: '8', name: sampleReadOptions.softwareProviderName },
      signed: false,
    });
  });

  it('reads both parties with their identification', () => {
    expect(view.supplier).toMatchObject({
      name: 'EMPRESA DEMO S.A.S.',
      tradeName: 'Empresa Demo',
      documentType: '31',
      documentNumber: '900123456',
      dv: '8',
      taxLevelCodes: ['O-13', 'O-15'],
    });
    expect(view.customer).toMatchObject({
      name: 'Compañía Cliente de Ejemplo S.A.S.',
      documentType: '31',
      documentNumber: '900108281',
      dv: '3',
      email: 'compras@cliente.example',
    });
    expect(view.customer.address?.city).toBe('Medellín');
  });

  it("prints a DANE-coded city as Colombians write it, not in DIAN's list's capitals", () => {
    expect(view.supplier.address?.city).toBe('Bogotá, D.C.'); // the XML says "Bogotá, D.c."
  });

  it('reads lines, taxes by code and rate, and totals as the exact XML texts', () => {
    expect(view.lines.map((l) => [l.id, l.code, l.quantity, l.unitPrice, l.base, l.total])).toEqual([
      ['1', 'PRD-0001', '1.00', '150000.00', '150000.00', '178500.00'],
      ['2', 'PRD-0002', '2.00', '25000.50', '50001.00', '54001.08'],
      ['3', 'PRD-0003', '3.00', '80000.00', '240000.00', '240000.00'],
    ]);
    expect(view.lines[2]!.taxes).toEqual([]);
    expect(view.taxes.map((t) => [t.code, t.rate, t.base, t.amount])).toEqual([
      ['01', '19.00', '150000.00', '28500.00'],
      ['04', '8.00', '50001.00', '4000.08'],
    ]);
    expect(view.totals).toMatchObject({
      lineExtension: '440001.00',
      payable: '472501.08',
      byTaxCode: { '01': '28500.00', '04': '4000.08' },
    });
    expect(view.payment).toEqual({ form: '2', meansCode: '31', dueDate: '2025-04-09' });
  });

  it('prints the QR text that was signed, and rebuilds the same text when sts:QRCode holds only a URL', () => {
    expect(view.qrContent).toBe(built.qrContent);
    expect(view.lookupUrl).toBe(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${built.cufe}`);
    const urlOnly = editElementContent(built.xml, 'sts:QRCode', () => view.lookupUrl);
    expect(readInvoiceView(urlOnly).qrContent).toBe(built.qrContent);
  });

  it("requires an invoice's numbering authorization and payment means, which a note may lack", () => {
    expect(view.note).toBeUndefined();
    expect(() => readInvoiceView(withoutElement(built.xml, 'sts:InvoiceControl'))).toThrow(
      expect.objectContaining({ code: 'MISSING_FIELD' }),
    );
    expect(() => readInvoiceView(withoutElement(built.xml, 'cac:PaymentMeans'))).toThrow(
      expect.objectContaining({ code: 'MISSING_FIELD' }),
    );
  });

  it('sees the signature of a signed invoice', () => {
    const signature =
      '<ext:UBLExtension><ext:ExtensionContent><ds:Signature Id="s"><ds:SignedInfo/></ds:Signature></ext:ExtensionContent></ext:UBLExtension>';
    const signed = built.xml.replace(SIGNATURE_SLOT_ANCHOR, signature + SIGNATURE_SLOT_ANCHOR);
    expect(readInvoiceView(signed).signed).toBe(true);
  });

  it("names the provider as given; else by the issuer's name when the issuer is its own provider, else not at all", () => {
    expect(readInvoiceView(built.xml).softwareProvider).toEqual({
      nit: '900123456',
      dv: '8',
      name: 'EMPRESA DEMO S.A.S.',
    });
    const thirdParty = editElementContent(built.xml, 'sts:ProviderID', () => '800197268');
    expect(readInvoiceView(thirdParty).softwareProvider).toEqual({ nit: '800197268', dv: '8' });
    expect(
      readInvoiceView(thirdParty, { softwareProviderName: 'Proveedor Tecnológico S.A.S.' }).softwareProvider,
    ).toEqual({ nit: '800197268', dv: '8', name: 'Proveedor Tecnológico S.A.S.' });
  });

  it('decodes XML escapes in names', () => {
    const xml = built.xml.replaceAll('Compañía Cliente de Ejemplo S.A.S.', 'Pérez &amp; Hijos &lt;Ltda&gt;');
    expect(readInvoiceView(xml).customer.name).toBe('Pérez & Hijos <Ltda>');
  });

  it('refuses what is not an invoice, and an invoice without a legal field', () => {
    expect(() => readInvoiceView('not xml <')).toThrow(expect.objectContaining({ code: 'NOT_AN_INVOICE' }));
    expect(() => readInvoiceView('<ApplicationResponse/>')).toThrow(
      expect.objectContaining({ code: 'NOT_AN_INVOICE' }),
    );
    const noCufe = withoutElement(built.xml, 'cbc:UUID');
    expect(() => readInvoiceView(noCufe)).toThrow(expect.objectContaining({ code: 'MISSING_FIELD' }));
  });
});

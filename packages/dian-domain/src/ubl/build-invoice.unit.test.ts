import { describe, expect, it } from 'vitest';
import { cac, cbc, childElements, descendants, everyElement, NS, parseXmlTree, textAt, textOf } from '@fe/dian-xml';
import { buildCase, invoiceCases } from '../../test-support/invoice-cases.ts';
import { demoResolution, demoSoftware, demoTenant } from '../tenant/demo-tenant.ts';
import { validateInvoiceRequest } from '../validation/validate-request.ts';
import { buildInvoiceXml, invoiceIdentity } from './build-invoice.ts';
import { Xmlbuilder2Writer } from './xmlbuilder2-writer.ts';

// The invoice of spec/dian/examples/own, whose CUFE and SoftwareSecurityCode were computed
// independently (README.txt there): same issuer, buyer, lines, number, instant and keys.
const ownExample = {
  customer: { document_type: '13', document_number: '1020304050', name: 'PERSONA NATURAL DE EJEMPLO' },
  lines: [
    {
      code: 'SRV-001',
      name: 'Servicio de ejemplo gravado al 19%',
      quantity: 2,
      unit_price: 50000,
      taxes: [{ code: '01', name: 'IVA', rate: 19 }],
    },
    {
      code: 'BIEN-002',
      name: 'Bien de ejemplo gravado al 5%',
      quantity: 1,
      unit_price: 20000,
      taxes: [{ code: '01', name: 'IVA', rate: 5 }],
    },
  ],
  payment: { method_code: '31', due_date: '2025-04-09' },
};

function buildOwnExample(tenant = demoTenant) {
  const validated = validateInvoiceRequest(ownExample, { issueDate: '2025-03-10' });
  if (!validated.ok) throw new Error(validated.error.code);
  return buildInvoiceXml({
    invoice: validated.value,
    tenant,
    resolution: demoResolution,
    number: '990001234',
    software: demoSoftware,
    environment: '2',
    issuedAt: new Date('2025-03-10T15:15:00Z'),
  });
}

describe('buildInvoiceXml', () => {
  it('reproduces the CUFE and SoftwareSecurityCode of the independently computed own example', () => {
    const built = buildOwnExample();
    expect(built.documentId).toBe('SETP990001234');
    expect(built.cufeInput).toBe(
      'SETP9900012342025-03-1010:15:00-05:00120000.000120000.00040.00030.00140000.009001234561020304050fc8eac422eba16e22ffd8c6f94b3f40a6e38162c2',
    );
    expect(built.cufe).toBe(
      '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3',
    );
    expect(built.softwareSecurityCode).toBe(
      '0c5bf8d00eac32d5cb185b0329f7e89bef361577c12dae693503ff4a965e39716b63018ad68172174c3794eb7f67a388',
    );
    expect(built.xml).toContain(`<cbc:UUID schemeID="2" schemeName="CUFE-SHA384">${built.cufe}</cbc:UUID>`);
    expect(built.xml).toContain(`>${built.softwareSecurityCode}</sts:SoftwareSecurityCode>`);
    expect(built.issuedAt).toBe('2025-03-10T10:15:00-05:00');
  });

  it('is deterministic: the same input gives the same bytes', () => {
    expect(buildOwnExample().xml).toBe(buildOwnExample().xml);
  });

  it("writes the issuer's reception e-mail registered at DIAN in its Contact, the same bytes when it is the company e-mail", () => {
    const plain = buildOwnExample();
    expect(buildOwnExample({ ...demoTenant, receptionEmail: demoTenant.email! }).xml).toBe(plain.xml);
    const registered = buildOwnExample({ ...demoTenant, receptionEmail: 'recepcion.fe@demo.example' });
    const supplier = descendants(parseXmlTree(registered.xml), ...cac('AccountingSupplierParty'))[0];
    expect(textAt(supplier, cac('Party'), cac('Contact'), cbc('ElectronicMail'))).toBe('recepcion.fe@demo.example');
    expect(registered.xml).not.toContain(demoTenant.email!);
    expect(registered.cufe).toBe(plain.cufe); // the e-mail is not a CUFE input
  });

  it('writes every amount with exactly 2 decimals, and unit prices (PriceAmount) with 2 to 6 (FBB02)', () => {
    for (const { request } of invoiceCases) {
      const { xml } = buildCase(request);
      const root = parseXmlTree(xml);
      const amounts = everyElement(root).filter(
        (e) => e.namespaceURI === NS.cbc && e.attributes.get('currencyID') !== undefined,
      );
      expect(amounts.length).toBeGreaterThan(5);
      for (const amount of amounts)
        expect(textOf(amount)).toMatch(amount.localName === 'PriceAmount' ? /^\d+\.\d{2,6}$/ : /^\d+\.\d{2}$/);
      for (const percent of descendants(root, NS.cbc, 'Percent')) expect(textOf(percent)).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('writes every amount in the document currency (FAD15b), and a foreign one with its rate to COP (FAR01–07)', () => {
    for (const { request } of invoiceCases) {
      const root = parseXmlTree(buildCase(request).xml);
      const currency = request.currency?.code ?? 'COP';
      expect(textAt(root, cbc('DocumentCurrencyCode'))).toBe(currency);
      const ids = everyElement(root).flatMap((e) => e.attributes.get('currencyID') ?? []);
      expect(new Set(ids)).toEqual(new Set([currency]));
      expect(descendants(root, NS.cac, 'PaymentExchangeRate').length).toBe(request.currency ? 1 : 0);
    }
    const dollars = buildCase(invoiceCases.find((c) => c.name.startsWith('export in US dollars'))!.request).xml;
    expect(dollars).toContain(
      '<cac:PaymentExchangeRate><cbc:SourceCurrencyCode>USD</cbc:SourceCurrencyCode><cbc:SourceCurrencyBaseRate>1.00</cbc:SourceCurrencyBaseRate>' +
        '<cbc:TargetCurrencyCode>COP</cbc:TargetCurrencyCode><cbc:TargetCurrencyBaseRate>1.00</cbc:TargetCurrencyBaseRate>' +
        '<cbc:CalculationRate>3912.45</cbc:CalculationRate><cbc:Date>2026-03-09</cbc:Date></cac:PaymentExchangeRate><cac:TaxTotal>',
    );
  });

  it('writes an export as type 02 with its Incoterm (DeliveryTerms before PaymentMeans), any other invoice without', () => {
    for (const { request } of invoiceCases) {
      const root = parseXmlTree(buildCase(request).xml);
      expect(textAt(root, cbc('InvoiceTypeCode'))).toBe(request.export ? '02' : '01');
      expect(descendants(root, NS.cac, 'DeliveryTerms').length).toBe(request.export ? 1 : 0);
    }
    const sale = buildCase(invoiceCases.find((c) => c.name.startsWith('export in US dollars'))!.request).xml;
    expect(sale).toContain(
      '<cac:DeliveryTerms><cbc:SpecialTerms>Puerto de Cartagena</cbc:SpecialTerms><cbc:LossRiskResponsibilityCode>FOB</cbc:LossRiskResponsibilityCode>' +
        '<cbc:LossRisk>Franco a bordo</cbc:LossRisk></cac:DeliveryTerms><cac:PaymentMeans>',
    );
  });

  it('refuses to write an export under another type, or type 02 without an export', () => {
    const exportCase = invoiceCases.find((c) => c.name.startsWith('export in US dollars'))!.request;
    const validated = validateInvoiceRequest(exportCase, { issueDate: '2026-03-10' });
    if (!validated.ok) throw new Error(JSON.stringify(validated.error));
    const input = {
      invoice: validated.value,
      tenant: demoTenant,
      resolution: demoResolution,
      number: '990000001',
      software: demoSoftware,
      environment: '2',
      issuedAt: new Date('2026-03-10T15:15:00Z'),
    } as const;
    expect(() => buildInvoiceXml({ ...input, invoiceTypeCode: '04' })).toThrow('InvoiceTypeCode 04 with an export');
    const { export: _sale, ...domestic } = validated.value;
    expect(() => buildInvoiceXml({ ...input, invoice: domestic, invoiceTypeCode: '02' })).toThrow(
      'InvoiceTypeCode 02 without an export',
    );
  });

  it('declares the DIAN extension first, in canonical form with no self-closing tags', () => {
    const { xml } = buildOwnExample();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac=',
      ),
    ).toBe(true);
    expect(xml).toContain(
      '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><sts:DianExtensions><sts:InvoiceControl>',
    );
    expect(xml).not.toMatch(/\/>/);
    expect(descendants(parseXmlTree(xml), NS.ext, 'UBLExtension')).toHaveLength(1); // the signer appends the second one
  });

  it('refuses a number outside the resolution (ingress checks it first)', () => {
    const validated = validateInvoiceRequest(ownExample, { issueDate: '2025-03-10' });
    if (!validated.ok) throw new Error(validated.error.code);
    const input = {
      invoice: validated.value,
      tenant: demoTenant,
      resolution: demoResolution,
      software: demoSoftware,
      environment: '2' as const,
      issuedAt: new Date('2025-03-10T15:15:00Z'),
    };
    expect(() => buildInvoiceXml({ ...input, number: '995000001' })).toThrow(RangeError);
    expect(() =>
      buildInvoiceXml({ ...input, number: '990000001', issuedAt: new Date('2031-01-01T15:00:00Z') }),
    ).toThrow(RangeError);
  });

  it("writes the review's 500 lines of 0.03 at 19 % with a header IVA of 2.85 (15.00 × 19 %), the lines adding up to it, and 2.85 in the CUFE", () => {
    const request = {
      ...ownExample,
      lines: Array.from({ length: 500 }, (_, i) => ({
        code: `P-${i}`,
        name: 'Tornillo',
        quantity: 1,
        unit_price: 0.03,
        taxes: [{ code: '01', name: 'IVA', rate: 19 }],
      })),
    };
    const validated = validateInvoiceRequest(request, { issueDate: '2025-03-10' });
    if (!validated.ok) throw new Error(validated.error.code);
    const built = buildInvoiceXml({
      invoice: validated.value,
      tenant: demoTenant,
      resolution: demoResolution,
      number: '990001235',
      software: demoSoftware,
      environment: '2',
      issuedAt: new Date('2025-03-10T15:15:00Z'),
    });
    const header = built.xml.slice(
      built.xml.lastIndexOf('</cac:PaymentMeans>'),
      built.xml.indexOf('<cac:LegalMonetaryTotal>'),
    );
    expect(header).toContain(
      '<cac:TaxTotal><cbc:TaxAmount currencyID="COP">2.85</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="COP">15.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="COP">2.85</cbc:TaxAmount>',
    );
    const lineTaxes = childElements(parseXmlTree(built.xml), ...cac('InvoiceLine')).map((line) =>
      textAt(line, cac('TaxTotal'), cbc('TaxAmount')),
    );
    expect(lineTaxes.filter((t) => t === '0.01')).toHaveLength(285);
    expect(lineTaxes.filter((t) => t === '0.00')).toHaveLength(215);
    expect(built.xml).toContain('<cbc:TaxInclusiveAmount currencyID="COP">17.85</cbc:TaxInclusiveAmount>');
    expect(built.cufeInput).toContain('15.00012.85040.00030.0017.85');
  });

  it('gives the same bytes through the xmlbuilder2 adapter for every case (escaping cross-check)', () => {
    for (const { request } of invoiceCases.filter((c) => c.name !== '500 lines')) {
      const validated = validateInvoiceRequest(request, { issueDate: '2026-03-10' });
      if (!validated.ok) throw new Error(validated.error.code);
      const input = {
        invoice: validated.value,
        tenant: demoTenant,
        resolution: demoResolution,
        number: '990000001',
        software: demoSoftware,
        environment: '2' as const,
        issuedAt: new Date('2026-03-10T15:15:00Z'),
      };
      expect(buildInvoiceXml(input, new Xmlbuilder2Writer()).xml).toBe(buildInvoiceXml(input).xml);
    }
  });
});

describe('invoiceIdentity', () => {
  it('gives, without writing the document, the id, CUFE and instant the document carries, for every case', () => {
    for (const { request } of invoiceCases) {
      const validated = validateInvoiceRequest(request, { issueDate: '2026-03-10' });
      if (!validated.ok) throw new Error(validated.error.code);
      for (const environment of ['1', '2'] as const) {
        const input = {
          invoice: validated.value,
          tenant: demoTenant,
          resolution: demoResolution,
          number: '990000417',
          software: demoSoftware,
          environment,
          issuedAt: new Date('2026-03-10T21:59:59Z'),
        };
        const built = buildInvoiceXml(input);
        expect(invoiceIdentity(input)).toEqual({
          documentId: built.documentId,
          cufe: built.cufe,
          issueDate: built.issueDate,
          issueTime: built.issueTime,
          issuedAt: built.issuedAt,
        });
        expect(built.xml).toContain(
          `<cbc:UUID schemeID="${environment}" schemeName="CUFE-SHA384">${invoiceIdentity(input).cufe}</cbc:UUID>`,
        );
      }
    }
  });

  it('refuses what buildInvoiceXml refuses: a number outside the resolution', () => {
    const validated = validateInvoiceRequest(ownExample, { issueDate: '2025-03-10' });
    if (!validated.ok) throw new Error(validated.error.code);
    const input = {
      invoice: validated.value,
      tenant: demoTenant,
      resolution: demoResolution,
      software: demoSoftware,
      environment: '2' as const,
      issuedAt: new Date('2025-03-10T15:15:00Z'),
    };
    expect(() => invoiceIdentity({ ...input, number: '995000001' })).toThrow(RangeError);
  });
});

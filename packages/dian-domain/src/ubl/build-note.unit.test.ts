import { createHash } from 'node:crypto';
import type { InvoiceRequestInput } from '@fe/contracts';
import { XMLParser } from 'fast-xml-parser';
import {
  cac,
  cbc,
  childElement,
  childElements,
  everyElement,
  parseXmlTree,
  textAt,
  type XmlElement,
} from '@fe/dian-xml';
import { describe, expect, it } from 'vitest';
import { readDianSpec } from '../../test-support/dian-spec.ts';
import { invoiceCases } from '../../test-support/invoice-cases.ts';
import {
  buildNoteCase,
  creditNoteContent,
  debitNoteContent,
  noteCases,
  noteInput,
} from '../../test-support/note-cases.ts';
import { checkNoteDocument } from '../validation/check-note-document.ts';
import { buildNoteXml, noteIdentity } from './build-note.ts';
import { Xmlbuilder2Writer } from './xmlbuilder2-writer.ts';

// spec/dian/examples/own/creditnote-unsigned-example.xml: NC1001 returns line 1 of SETP990001234,
// issued 2025-03-12 08:30 by the demo issuer with software PIN 12345 (README.txt there).
const ownInvoice: InvoiceRequestInput = {
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
  payment: { method_code: '10' },
};
type LineInput = InvoiceRequestInput['lines'][number];
const ownCreditNote = () => {
  const content = creditNoteContent(
    {
      invoice: { prefix: 'SETP', number: 990001234 },
      concept: '1',
      lines: [ownInvoice.lines[0]!],
      notes: 'Ejemplo ilustrativo; devolución total de la línea 1.',
    },
    ownInvoice,
  );
  const referenced = { ...content.referenced_invoice!, document_id: 'SETP990001234', issue_date: '2025-03-10' };
  return noteInput({ ...content, referenced_invoice: referenced }, '1001', new Date('2025-03-12T13:30:00Z'));
};

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'cac:TaxTotal' || name === 'cac:TaxSubtotal',
});
const text = (v: unknown): string => (typeof v === 'object' && v !== null ? String((v as Node)['#text']) : String(v));

/**
 * The CUDE's fields read from a note's own XML with a generic parser (annex §1.2: the CUFE's
 * fields, the note's number, instant and totals, LegalMonetaryTotal or RequestedMonetaryTotal).
 */
function cudeFieldsOf(xml: string) {
  const parsed = parser.parse(xml) as Node;
  const root = (parsed['CreditNote'] ?? parsed['DebitNote']) as Node;
  const totals = (root['cac:LegalMonetaryTotal'] ?? root['cac:RequestedMonetaryTotal']) as Node;
  const tax = (code: string) => {
    const total = ((root['cac:TaxTotal'] as Node[] | undefined) ?? []).find(
      (t) =>
        text((((t['cac:TaxSubtotal'] as Node[])[0]!['cac:TaxCategory'] as Node)['cac:TaxScheme'] as Node)['cbc:ID']) ===
        code,
    );
    return total ? text(total['cbc:TaxAmount']) : '0.00';
  };
  const companyId = (party: string) =>
    text((((root[party] as Node)['cac:Party'] as Node)['cac:PartyTaxScheme'] as Node)['cbc:CompanyID']);
  return {
    fields: [
      text(root['cbc:ID']),
      text(root['cbc:IssueDate']),
      text(root['cbc:IssueTime']),
      text(totals['cbc:LineExtensionAmount']),
      '01',
      tax('01'),
      '04',
      tax('04'),
      '03',
      tax('03'),
      text(totals['cbc:PayableAmount']),
      companyId('cac:AccountingSupplierParty'),
      companyId('cac:AccountingCustomerParty'),
    ],
    environment: text(root['cbc:ProfileExecutionID']),
    uuid: root['cbc:UUID'] as Node,
  };
}
const independentCude = (xml: string, pin: string) => {
  const { fields, environment } = cudeFieldsOf(xml);
  return createHash('sha384')
    .update(fields.join('') + pin + environment)
    .digest('hex');
};

describe('buildNoteXml: the own credit-note example', () => {
  const example = readDianSpec('examples/own/creditnote-unsigned-example.xml');

  it("the example's CUDE, recomputed from its own XML fields with node:crypto, is its cbc:UUID and the README's", () => {
    const { uuid } = cudeFieldsOf(example);
    expect(uuid['@schemeName']).toBe('CUDE-SHA384');
    expect(independentCude(example, '12345')).toBe(text(uuid));
    expect(text(uuid)).toBe(
      '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596',
    );
  });

  it('rebuilds it: the same CUDE fields, CUDE, SoftwareSecurityCode and header', () => {
    const built = buildNoteXml(ownCreditNote());
    expect(cudeFieldsOf(built.xml).fields).toEqual(cudeFieldsOf(example).fields);
    expect(built.cude).toBe(
      '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596',
    );
    expect(built.cudeInput).toBe(
      'NC10012025-03-1208:30:00-05:00100000.000119000.00040.00030.00119000.009001234561020304050123452',
    );
    expect(built.softwareSecurityCode).toBe(
      '60969bf739777774d75c1fdcf4a626647e4a105f64a206a4cbea68c9403902f4fcd641ff31433c6c2d4d8be9c4073183',
    );
    expect(independentCude(built.xml, '12345')).toBe(built.cude);
    // The header as the example writes it, element for element.
    const header = (xml: string) => {
      const elements = parseXmlTree(xml).content.filter((c) => typeof c !== 'string');
      const from = elements.findIndex((e) => e.localName === 'CustomizationID');
      return elements.slice(from, elements.findIndex((e) => e.localName === 'BillingReference') + 1).map(asWritten);
    };
    expect(header(built.xml)).toEqual(header(example));
    expect(built.xml).not.toContain('sts:InvoiceControl');
  });
});

/**
 * An element as written, element for element: names, attributes in order, text; whitespace between elements left out.
 */
type Written = { name: string; attributes: [string, string][]; content: (string | Written)[] };
const asWritten = (e: XmlElement): Written => ({
  name: `{${e.namespaceURI}}${e.localName}`,
  attributes: [...e.attributes],
  content: e.content
    .filter((c) => typeof c !== 'string' || c.trim())
    .map((c) => (typeof c === 'string' ? c : asWritten(c))),
});

describe('buildNoteXml', () => {
  it('noteIdentity gives the CUDE, id and instant the document carries, without writing it', () => {
    for (const { content } of noteCases.slice(0, 6)) {
      const input = noteInput(content);
      const built = buildNoteXml(input);
      expect(noteIdentity(input)).toEqual({
        documentId: built.documentId,
        cude: built.cude,
        issueDate: built.issueDate,
        issueTime: built.issueTime,
        issuedAt: built.issuedAt,
        payableAmount: cudeFieldsOf(built.xml).fields[10],
      });
      expect(independentCude(built.xml, '12345')).toBe(built.cude);
    }
  });

  it('a debit note: DebitNote root, CustomizationID 30, no type code, RequestedMonetaryTotal, DebitNoteLine with DebitedQuantity', () => {
    const built = buildNoteCase(
      debitNoteContent(
        { invoice: { cufe: 'a'.repeat(96) }, concept: '1', lines: [invoiceCases[0]!.request.lines[0]!] },
        invoiceCases[0]!.request,
      ),
      '7',
    );
    expect(built.documentId).toBe('ND7');
    expect(built.xml).toContain(
      '<DebitNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2" xmlns:cac=',
    );
    expect(built.xml).toContain(
      '<cbc:CustomizationID>30</cbc:CustomizationID><cbc:ProfileID>DIAN 2.1: Nota Débito de Factura Electrónica de Venta</cbc:ProfileID>',
    );
    expect(built.xml).not.toContain('TypeCode');
    expect(built.xml).toContain(
      '<cac:RequestedMonetaryTotal><cbc:LineExtensionAmount currencyID="COP">100000.00</cbc:LineExtensionAmount>',
    );
    expect(built.xml).not.toContain('LegalMonetaryTotal');
    expect(built.xml).toContain(
      '<cac:DebitNoteLine><cbc:ID>1</cbc:ID><cbc:DebitedQuantity unitCode="94">2.00</cbc:DebitedQuantity>',
    );
    expect(built.xml).toContain(
      '<cac:DiscrepancyResponse><cbc:ReferenceID>SETP990000001</cbc:ReferenceID><cbc:ResponseCode>1</cbc:ResponseCode><cbc:Description>Intereses</cbc:Description></cac:DiscrepancyResponse>',
    );
  });

  it('a note without a referenced invoice is 22 (credit) or 32 (debit): InvoicePeriod before DiscrepancyResponse, no ReferenceID, no BillingReference', () => {
    const { referenced_invoice: _none, ...credit } = creditNoteContent(
      { invoice: { cufe: 'a'.repeat(96) }, concept: '3', lines: [invoiceCases[0]!.request.lines[0]!] },
      invoiceCases[0]!.request,
    );
    const { referenced_invoice: _neither, ...debit } = debitNoteContent(
      { invoice: { cufe: 'a'.repeat(96) }, concept: '1', lines: [invoiceCases[0]!.request.lines[0]!] },
      invoiceCases[0]!.request,
    );
    const invoice_period = { start_date: '2026-03-01', end_date: '2026-03-31' };
    for (const [content, code] of [
      [{ ...credit, invoice_period }, '22'],
      [{ ...debit, invoice_period }, '32'],
    ] as const) {
      const built = buildNoteCase(content);
      expect(built.xml).toContain(`<cbc:CustomizationID>${code}</cbc:CustomizationID>`);
      expect(built.xml).toContain(
        '<cac:InvoicePeriod><cbc:StartDate>2026-03-01</cbc:StartDate><cbc:EndDate>2026-03-31</cbc:EndDate></cac:InvoicePeriod><cac:DiscrepancyResponse><cbc:ResponseCode>',
      );
      expect(built.xml).not.toContain('BillingReference');
      expect(built.xml).not.toContain('ReferenceID');
      expect(independentCude(built.xml, '12345')).toBe(built.cude);
    }
    // Neither an invoice nor a period, or both: refused.
    const linked = creditNoteContent(
      { invoice: { cufe: 'a'.repeat(96) }, concept: '3', lines: [invoiceCases[0]!.request.lines[0]!] },
      invoiceCases[0]!.request,
    );
    expect(checkNoteDocument(credit).ok).toBe(false);
    expect(checkNoteDocument({ ...linked, invoice_period }).ok).toBe(false);
    expect(checkNoteDocument(linked).ok).toBe(true);
  });

  it('a credit note writes CreditNoteTypeCode 91 and, in its lines, the taxes before the discounts (the XSD order)', () => {
    const discounted = invoiceCases.find((c) =>
      c.request.lines.some((l) => l.allowance_charges?.length && l.taxes?.length),
    )!;
    const built = buildNoteCase(
      creditNoteContent({ invoice: { cufe: 'a'.repeat(96) }, concept: '2' }, discounted.request),
    );
    expect(built.xml).toContain(
      '<cbc:IssueTime>08:30:00-05:00</cbc:IssueTime><cbc:CreditNoteTypeCode>91</cbc:CreditNoteTypeCode>',
    );
    const line = childElements(parseXmlTree(built.xml), ...cac('CreditNoteLine')).find((l) =>
      childElement(l, ...cac('AllowanceCharge')),
    )!;
    const order = line.content.flatMap((c) => (typeof c === 'string' ? [] : [c.localName]));
    expect(order.indexOf('TaxTotal')).toBeGreaterThan(0);
    expect(order.indexOf('TaxTotal')).toBeLessThan(order.indexOf('AllowanceCharge'));
  });

  it('writes a QR about the note: its number and values, labelled CUDE, and the lookup URL of the CUDE', () => {
    const built = buildNoteXml(ownCreditNote());
    expect(built.qrContent.split('\n')).toEqual([
      'NumFac: NC1001',
      'FecFac: 2025-03-12',
      'HorFac: 08:30:00-05:00',
      'NitFac: 900123456',
      'DocAdq: 1020304050',
      'ValFac: 100000.00',
      'ValIva: 19000.00',
      'ValOtroIm: 0.00',
      'ValTolFac: 119000.00',
      `CUDE: ${built.cude}`,
      `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${built.cude}`,
    ]);
    expect(built.xml).toContain(`<sts:QRCode>${built.qrContent}</sts:QRCode>`);
  });

  it("a note on a dollar invoice is in dollars at the invoice's rate: every @currencyID, PaymentExchangeRate after PaymentMeans", () => {
    const dollarCases = noteCases.filter((c) => c.content.currency);
    expect(dollarCases.length).toBeGreaterThanOrEqual(4); // a credit and a debit per dollar invoice
    for (const { content } of dollarCases) {
      const root = parseXmlTree(buildNoteCase(content).xml);
      const ids = everyElement(root).flatMap((e) => e.attributes.get('currencyID') ?? []);
      expect(new Set(ids)).toEqual(new Set(['USD']));
      expect(textAt(root, cbc('DocumentCurrencyCode'))).toBe('USD');
      const names = root.content.flatMap((c) => (typeof c === 'string' ? [] : [c.localName]));
      expect(names[names.indexOf('PaymentMeans') + 1]).toBe('PaymentExchangeRate');
      const rate = childElement(root, ...cac('PaymentExchangeRate'));
      expect(textAt(rate!, cbc('CalculationRate'))).toBe(String(content.currency!.exchange_rate));
      expect(textAt(rate!, cbc('Date'))).toBe(content.currency!.rate_date);
    }
    expect(buildNoteCase(noteCases[0]!.content).xml).not.toContain('PaymentExchangeRate');
  });

  it('is deterministic, and the xmlbuilder2 writer gives the same bytes', () => {
    for (const { content } of noteCases.slice(0, 4)) {
      expect(buildNoteXml(noteInput(content)).xml).toBe(buildNoteXml(noteInput(content)).xml);
      expect(buildNoteXml(noteInput(content), new Xmlbuilder2Writer()).xml).toBe(buildNoteXml(noteInput(content)).xml);
    }
  });

  it('refuses a number or a prefix a cbc:ID cannot carry', () => {
    expect(() => buildNoteXml({ ...ownCreditNote(), number: 'x1' })).toThrow(RangeError);
    expect(() => buildNoteXml({ ...ownCreditNote(), prefix: 'NC-1' })).toThrow(RangeError);
  });
});

describe('checkNoteDocument', () => {
  const invoice = invoiceCases[0]!.request;
  it("takes the concept's DIAN name as the description when the request gives none, and the request's otherwise", () => {
    const named = checkNoteDocument(creditNoteContent({ invoice: { cufe: 'a'.repeat(96) }, concept: '3' }, invoice));
    expect(named.ok && named.value.description).toBe('Rebaja o descuento parcial o total');
    const own = checkNoteDocument(
      creditNoteContent(
        { invoice: { cufe: 'a'.repeat(96) }, concept: '3', description: 'Descuento acordado' },
        invoice,
      ),
    );
    expect(own.ok && own.value.description).toBe('Descuento acordado');
  });

  it('refuses a free line in a debit note (DebitNoteLine has no FreeOfChargeIndicator): VALIDATION_ERROR on the line', () => {
    const free: LineInput = {
      code: 'M-1',
      name: 'Muestra',
      quantity: 1,
      unit_price: 0,
      taxes: [],
      free_of_charge: { reference_price: 1000, price_type_code: '01' },
    };
    const result = checkNoteDocument(
      debitNoteContent({ invoice: { cufe: 'a'.repeat(96) }, concept: '4', lines: [invoice.lines[0]!, free] }, invoice),
    );
    expect(result.ok ? 'ok' : [result.error.code, result.error.details.map((d) => d.path)]).toEqual([
      'VALIDATION_ERROR',
      ['lines.1.free_of_charge'],
    ]);
  });

  it("gives a line the invoice's codes and paths (a tax rate not allowed)", () => {
    const line: LineInput = {
      code: 'X',
      name: 'X',
      quantity: 1,
      unit_price: 10,
      taxes: [{ code: '01', name: 'IVA', rate: 7 }],
    };
    const result = checkNoteDocument(
      debitNoteContent({ invoice: { cufe: 'a'.repeat(96) }, concept: '4', lines: [line] }, invoice),
    );
    expect(result.ok ? 'ok' : [result.error.code, result.error.details.map((d) => d.path)]).toEqual([
      'TAX_RATE_INVALID',
      ['lines.0.taxes.0.rate'],
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cac, parseXmlTree, pathElement } from '@fe/dian-xml';
import { editOpenTag, elementContent } from '@fe/dian-xml/testing';
import { buildCase } from '../../test-support/invoice-cases.ts';
import { AttachedDocumentInputError, buildAttachedDocument } from './attached-document.ts';

const invoice = buildCase({
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente ]]> S.A.S.' },
  lines: [{ code: 'a', name: 'b', quantity: 1, unit_price: 100 }],
  payment: { method_code: '10' },
});
// The signer's slot is all the builder needs of a signed invoice; the CDATA case needs a literal `]]>`.
const signedInvoiceXml = invoice.xml.replace('Cliente ]]&gt; S.A.S.', 'Cliente ]]> S.A.S.');
// The prefixes are declared where they are used, so the root's start tag stays bare.
const EXT = 'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"';
const CBC = 'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';
const CAC = 'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"';
const ar = (cufe: string) =>
  `<?xml version="1.0"?>\n<ApplicationResponse><ext:UBLExtensions ${EXT}></ext:UBLExtensions><cbc:IssueDate ${CBC}>2026-03-10</cbc:IssueDate>` +
  `<cbc:IssueTime ${CBC}>15:15:02+00:00</cbc:IssueTime><cac:DocumentResponse ${CAC} ${CBC}><cac:Response><cbc:ResponseCode>02</cbc:ResponseCode></cac:Response>` +
  `<cac:DocumentReference><cbc:ID>${invoice.documentId}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${cufe}</cbc:UUID></cac:DocumentReference></cac:DocumentResponse></ApplicationResponse>`;
const issuedAt = new Date('2026-03-10T15:20:00Z');
// The own example's credit note (its CUDE is the annex reference's §1.2 vector); unsigned is enough here.
const creditNoteXml = readFileSync(
  new URL('../../../../spec/dian/examples/own/creditnote-unsigned-example.xml', import.meta.url),
  'utf8',
);
const creditNoteCude =
  '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596';

describe('buildAttachedDocument', () => {
  const built = buildAttachedDocument({
    id: 'ad1',
    issuedAt,
    signedInvoiceXml,
    applicationResponseXml: ar(invoice.cufe),
  });

  it('reads the invoice and the verdict from the two documents', () => {
    expect(built.invoice).toEqual({
      kind: 'invoice',
      number: invoice.documentId,
      cufe: invoice.cufe,
      issueDate: invoice.issueDate,
      profileExecutionId: '2',
    });
    expect(built.verdict).toEqual({
      responseCode: '02',
      validationDate: '2026-03-10',
      validationTime: '15:15:02+00:00',
    });
    expect(built.delivered).toContain(
      '<cbc:IssueDate>2026-03-10</cbc:IssueDate><cbc:IssueTime>10:20:00-05:00</cbc:IssueTime>',
    );
    expect(built.delivered).toContain(`<cbc:ParentDocumentID>${invoice.documentId}</cbc:ParentDocumentID>`);
  });

  it('delivers the documents in CDATA (a `]]>` split so it survives) and signs their escaped canonical form', () => {
    expect(built.delivered).toContain('<cbc:Description><![CDATA[<?xml version="1.0"?>\n<ApplicationResponse>');
    expect(built.delivered).toContain('Cliente ]]]]><![CDATA[> S.A.S.');
    expect(built.canonical).toContain('Cliente ]]&gt; S.A.S.');
    expect(built.canonical).toContain('<cbc:Description>&lt;?xml version="1.0"?&gt;\n&lt;ApplicationResponse&gt;');
    const slot = built.canonical.indexOf('</ext:UBLExtensions>');
    expect(built.delivered.slice(0, slot)).toBe(built.canonical.slice(0, slot));
  });

  it("takes the parties' tax scheme from the invoice, without the address", () => {
    const sender = elementContent(built.delivered, 'cac:SenderParty');
    expect(sender.startsWith('<cac:PartyTaxScheme><cbc:RegistrationName>')).toBe(true);
    expect(sender).not.toContain('RegistrationAddress');
    expect(built.delivered).toContain(
      '<cac:ReceiverParty><cac:PartyTaxScheme><cbc:RegistrationName>Cliente ]]&gt; S.A.S.</cbc:RegistrationName>',
    );
  });

  it("wraps a credit note: the note's number as ParentDocumentID, its CUDE referenced as CUDE-SHA384", () => {
    const note = buildAttachedDocument({
      id: 'ad2',
      issuedAt,
      signedInvoiceXml: creditNoteXml,
      applicationResponseXml: ar(creditNoteCude),
    });
    expect(note.invoice).toEqual({
      kind: 'credit_note',
      number: 'NC1001',
      cufe: creditNoteCude,
      issueDate: '2025-03-12',
      profileExecutionId: '2',
    });
    expect(note.delivered).toContain('<cbc:ParentDocumentID>NC1001</cbc:ParentDocumentID>');
    expect(note.delivered).toContain(
      `<cac:DocumentReference><cbc:ID>NC1001</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${creditNoteCude}</cbc:UUID><cbc:IssueDate>2025-03-12</cbc:IssueDate>`,
    );
    expect(note.delivered).toContain(
      '<cbc:Description><![CDATA[<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<CreditNote ',
    );
    expect(elementContent(note.delivered, 'cac:ReceiverParty').startsWith('<cac:PartyTaxScheme>')).toBe(true);
    const receiverScheme = pathElement(parseXmlTree(note.delivered), cac('ReceiverParty'), cac('PartyTaxScheme'))!;
    expect(receiverScheme.content.filter((c) => typeof c !== 'string' || c.trim())[0]).toMatchObject({
      localName: 'RegistrationName',
      content: ['PERSONA NATURAL DE EJEMPLO'],
    });
    const debit = creditNoteXml.replace(/CreditNote/g, 'DebitNote');
    expect(
      buildAttachedDocument({
        id: 'ad3',
        issuedAt,
        signedInvoiceXml: debit,
        applicationResponseXml: ar(creditNoteCude),
      }).invoice.kind,
    ).toBe('debit_note');
  });

  it('refuses an ApplicationResponse about another CUFE, and a document that is not an invoice', () => {
    expect(() =>
      buildAttachedDocument({ id: 'x', issuedAt, signedInvoiceXml, applicationResponseXml: ar('f'.repeat(96)) }),
    ).toThrow(AttachedDocumentInputError);
    expect(() =>
      buildAttachedDocument({ id: 'x', issuedAt, signedInvoiceXml: '<a/>', applicationResponseXml: ar(invoice.cufe) }),
    ).toThrow(AttachedDocumentInputError);
    const response = editOpenTag(signedInvoiceXml, 'Invoice', (tag) =>
      tag.replace('<Invoice', '<ApplicationResponse'),
    ).replace('</Invoice>', '</ApplicationResponse>');
    expect(() =>
      buildAttachedDocument({
        id: 'x',
        issuedAt,
        signedInvoiceXml: response,
        applicationResponseXml: ar(invoice.cufe),
      }),
    ).toThrow(AttachedDocumentInputError);
  });
});

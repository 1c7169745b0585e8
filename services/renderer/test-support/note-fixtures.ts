// Credit and debit notes for the renderer's tests, independent of the product's note builder: the
// unsigned CreditNote of spec/dian/examples/own (its CUDE is the annex reference's §1.2 vector) and
// a DebitNote written from it (annex §10.2: DebitNote-2 root, no type code, DebitNoteLine with
// DebitedQuantity, RequestedMonetaryTotal, CustomizationID 30), its CUDE recomputed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cude } from '@fe/dian-domain';
import { editElementContent, editOpenTag } from '@fe/dian-xml/testing';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { dianSpecDir, makeTestIdentity } from '@fe/xades/testing';

/** The published example in Canonical XML form, which is what the signer digests as written. */
const creditNoteExample = readFileSync(join(dianSpecDir, 'examples/own/creditnote-unsigned-example.xml'), 'utf8');
export const creditNoteXml = editOpenTag(creditNoteExample, 'CreditNote', (tag) => tag.replace(/\s+/g, ' ')).trimEnd();
export const creditNoteCude =
  '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596';
export const referencedInvoiceCufe =
  '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3';

/** The own example's software PIN, as in its CUDE input string (annex reference §1.2). */
const SOFTWARE_PIN = '12345';

export const debitNoteCude = cude({
  numFac: 'ND1001',
  fecFac: '2025-03-12',
  horFac: '08:30:00-05:00',
  valFac: '100000.00',
  valIva: '19000.00',
  valInc: '0.00',
  valIca: '0.00',
  valTot: '119000.00',
  nitOfe: '900123456',
  numAdq: '1020304050',
  key: SOFTWARE_PIN,
  environment: '2',
});

const debitNoteText = creditNoteXml
  .replace('\n   <cbc:CreditNoteTypeCode>91</cbc:CreditNoteTypeCode>', '')
  .replaceAll('CreditNote', 'DebitNote')
  .replaceAll('CreditedQuantity', 'DebitedQuantity')
  .replaceAll('LegalMonetaryTotal', 'RequestedMonetaryTotal')
  .replace('<cbc:CustomizationID>20</cbc:CustomizationID>', '<cbc:CustomizationID>30</cbc:CustomizationID>')
  .replace('Nota Crédito de Factura', 'Nota Débito de Factura')
  .replace('<cbc:ID>NC1001</cbc:ID>', '<cbc:ID>ND1001</cbc:ID>')
  .replaceAll(creditNoteCude, debitNoteCude);
export const debitNoteXml = editElementContent(
  editElementContent(debitNoteText, 'cbc:Note', () => 'Ejemplo ilustrativo; intereses de mora sobre la factura.'),
  'cac:DiscrepancyResponse',
  (response) =>
    editElementContent(
      response,
      'cbc:Description',
      () => 'Intereses de mora: pago recibido 30 días después del vencimiento',
    ),
);

const noteSignedAt = new Date('2025-03-12T13:30:00Z'); // 08:30:00 in Colombia, the notes' issue time
const identity = makeTestIdentity();
const signer = createXadesSigner(loadP12(identity.p12, identity.password, noteSignedAt));

/** The note signed XAdES-EPES with @fe/xades's test identity, as the signer stores it. */
export const signNote = (xml: string): string => signer.sign(xml, { signingTime: noteSignedAt }).xml;

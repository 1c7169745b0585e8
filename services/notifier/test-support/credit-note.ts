// The own example's credit note (spec/dian/examples/own; its CUDE is the annex reference's §1.2
// vector) for the notifier's tests, independent of the product's note builder. In Canonical XML
// form, which the signer digests as written: the root's attributes on one line, nothing after it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editOpenTag } from '@fe/dian-xml/testing';
import { dianSpecDir } from '@fe/xades/testing';

export const creditNote = {
  xml: editOpenTag(
    readFileSync(join(dianSpecDir, 'examples/own/creditnote-unsigned-example.xml'), 'utf8'),
    'CreditNote',
    (tag) => tag.replace(/\s+/g, ' '),
  ).trimEnd(),
  documentId: 'NC1001',
  cude: '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596',
  invoice: {
    documentId: 'SETP990001234',
    cufe: '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3',
    issueDate: '2025-03-10',
  },
};

import { writeZipOffThread, type DianFileNames } from '@fe/dian-client';
import type { Tenant } from '@fe/dian-domain';
import { NotifierError } from '../errors.ts';
import { MAX_ATTACHMENT_BYTES, type Delivery } from './build-delivery.ts';
import { deliverySubject } from './file-names.ts';

export type ContingencyDeliveryInput = {
  tenant: Tenant;
  issuedAt: Date;
  /** The zip's name (the AttachedDocument's, kept for the mail after DIAN's acceptance) and the PDF's body. */
  names: DianFileNames;
  /** The invoice's own file name (fv….xml), the one it is sent to DIAN under. */
  invoiceXmlName: string;
  signedInvoiceXml: string;
  number: string;
  cufe: string;
  pdf: Uint8Array;
};

/**
 * What the buyer of a contingency invoice (type 04) receives before DIAN has it (docs/contingency.md): the signed
 * invoice and its PDF, zipped. No AttachedDocument: it would carry DIAN's answer, which does not exist yet.
 */
export async function buildContingencyDelivery(input: ContingencyDeliveryInput): Promise<Delivery> {
  const pdfName = input.invoiceXmlName.replace(/\.xml$/, '.pdf');
  const zip = await writeZipOffThread(
    [
      { name: input.invoiceXmlName, data: Buffer.from(input.signedInvoiceXml, 'utf8') },
      { name: pdfName, data: input.pdf, stored: true },
    ],
    input.issuedAt,
  );
  if (zip.length > MAX_ATTACHMENT_BYTES) throw new NotifierError('ATTACHMENT_TOO_LARGE', `${zip.length} bytes`);
  const tenant = input.tenant;
  return {
    attachedDocumentId: input.invoiceXmlName.slice(0, -4),
    zip,
    zipName: input.names.zip,
    subject: deliverySubject({
      nit: tenant.nit,
      legalName: tenant.legalName,
      number: input.number,
      typeCode: '04',
      tradeName: tenant.tradeName ?? tenant.legalName,
    }),
    number: input.number,
    cufe: input.cufe,
  };
}

import { writeZipOffThread, type DianFileNames, type ZipInput } from '@fe/dian-client';
import { buildAttachedDocument, type Tenant } from '@fe/dian-domain';
import { createXadesSigner, signDeliveredForm, type SigningCredential } from '@fe/xades';
import { NotifierError } from '../errors.ts';
import { documentKinds, type DocumentKind } from './document-kinds.ts';
import { deliveryFileNames, deliverySubject } from './file-names.ts';

/** DIAN's limit for the zip sent to the buyer (annex §9.1). */
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;

export type DeliveryInput = {
  tenant: Tenant;
  credential: SigningCredential;
  /** When the AttachedDocument is issued and signed. */
  issuedAt: Date;
  /** The AttachedDocument's name (ad….xml, also its cbc:ID) and its zip's, from the issuer's file counter. */
  names: DianFileNames;
  /** What the stream's first event says the document is; the signed XML's root must agree. */
  kind: DocumentKind;
  /** The subject's document type code when not the kind's own: 04 for a contingency invoice (docs/contingency.md). */
  typeCode?: string | undefined;
  /** The signed invoice, credit note or debit note, as stored. */
  signedInvoiceXml: string;
  applicationResponseXml: string;
  pdf: Uint8Array;
};

export type Delivery = {
  attachedDocumentId: string;
  zip: Uint8Array;
  zipName: string;
  subject: string;
  number: string;
  cufe: string;
};

/**
 * What the buyer receives (annex §9.1): the signed AttachedDocument zipped with the PDF under the annex's names.
 * Pure apart from the signature's key; the deflating runs off the event loop.
 */
export async function buildDelivery(input: DeliveryInput): Promise<Delivery> {
  // Only the RSA operation is awaited with the documents' text alive: it dies young, not held across the zip's trip.
  return zipDelivery(await signDelivery(input));
}

type SignedDelivery = Omit<Delivery, 'zip'> & { entries: ZipInput[]; issuedAt: Date };

async function signDelivery(input: DeliveryInput): Promise<SignedDelivery> {
  const names = deliveryFileNames(input.names, input.kind);
  const attachedDocumentId = names.xml.slice(0, -4);
  const built = buildAttachedDocument({
    id: attachedDocumentId,
    issuedAt: input.issuedAt,
    signedInvoiceXml: input.signedInvoiceXml,
    applicationResponseXml: input.applicationResponseXml,
  });
  if (built.invoice.kind !== input.kind)
    throw new NotifierError(
      'STORED_DOCUMENT_MISMATCH',
      `the stream is a ${input.kind}, the stored XML a ${built.invoice.kind}`,
    );
  const signed = await signDeliveredForm(createXadesSigner(input.credential), built.canonical, built.delivered, {
    signingTime: input.issuedAt,
  });
  const tenant = input.tenant;
  return {
    entries: [
      { name: names.xml, data: Buffer.from(signed.xml, 'utf8') },
      { name: names.pdf, data: input.pdf, stored: true }, // the PDF's streams are compressed already
    ],
    issuedAt: input.issuedAt,
    attachedDocumentId,
    zipName: names.zip,
    subject: deliverySubject({
      nit: tenant.nit,
      legalName: tenant.legalName,
      number: built.invoice.number,
      typeCode: input.typeCode ?? documentKinds[input.kind].typeCode,
      tradeName: tenant.tradeName ?? tenant.legalName,
    }),
    number: built.invoice.number,
    cufe: built.invoice.cufe,
  };
}

async function zipDelivery({ entries, issuedAt, ...delivery }: SignedDelivery): Promise<Delivery> {
  const zip = await writeZipOffThread(entries, issuedAt);
  if (zip.length > MAX_ATTACHMENT_BYTES) throw new NotifierError('ATTACHMENT_TOO_LARGE', `${zip.length} bytes`);
  return { ...delivery, zip };
}

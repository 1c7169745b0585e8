import { writeZipOffThread, type DianFileNames } from '@fe/dian-client';
import { buildEventAttachedDocument, radianEvents, type Tenant } from '@fe/dian-domain';
import { createXadesSigner, signDeliveredForm, type SigningCredential } from '@fe/xades';

export type EventMail = {
  subject: string;
  text: string;
  zipName: string;
  zip: Uint8Array;
  attachedDocumentXml: string;
};

/**
 * The buyer's event as the supplier receives it: the signed AttachedDocument (the event and DIAN's answer) zipped,
 * and a subject that names the event, the invoice and the buyer (docs/choices.md, "The buyer's event mail").
 */
export async function buildEventMail(input: {
  tenant: Tenant;
  credential: SigningCredential;
  issuedAt: Date;
  invoiceNumber: string;
  /** The AttachedDocument's name (ad….xml, also its cbc:ID) and its zip's, from the buyer's file counter. */
  names: DianFileNames;
  signedEventXml: string;
  applicationResponseXml: string;
}): Promise<EventMail> {
  const base = input.names.xml.replace(/\.xml$/, '');
  const built = buildEventAttachedDocument({
    id: base,
    issuedAt: input.issuedAt,
    signedEventXml: input.signedEventXml,
    applicationResponseXml: input.applicationResponseXml,
  });
  const signed = await signDeliveredForm(createXadesSigner(input.credential), built.canonical, built.delivered, {
    signingTime: input.issuedAt,
  });
  const { event } = built;
  const zip = await writeZipOffThread([{ name: `${base}.xml`, data: Buffer.from(signed.xml, 'utf8') }], input.issuedAt);
  const name = radianEvents[event.code as keyof typeof radianEvents]?.name ?? event.code;
  const tenant = input.tenant;
  return {
    subject: `Evento;${event.code};${input.invoiceNumber};${tenant.nit};${tenant.legalName}`,
    text:
      `${tenant.legalName} (NIT ${tenant.nit}) registró en la DIAN el evento ${event.code} (${name}) ` +
      `sobre su factura ${input.invoiceNumber}. CUDE del evento: ${event.cude}. ` +
      'El adjunto trae el evento firmado y la respuesta de la DIAN (AttachedDocument).',
    zipName: input.names.zip,
    zip,
    attachedDocumentXml: signed.xml,
  };
}

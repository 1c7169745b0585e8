import type { Tenant } from '@fe/dian-domain';
import { documentKinds, type DocumentKind } from '../delivery/document-kinds.ts';

/** The sender: FE_MAIL_FROM when set (one verified sending domain for every tenant), else the tenant's own address. */
export function senderOf(
  tenant: Tenant,
  configuredFrom: string | undefined,
): { from: string; address: string; replyTo: string | undefined } {
  const address = configuredFrom ?? tenant.email ?? 'facturacion@localhost';
  const name = (tenant.tradeName ?? tenant.legalName).replace(/["\\\r\n]/g, ' ');
  return {
    from: `"${name}" <${address}>`,
    address,
    replyTo: tenant.email && tenant.email !== address ? tenant.email : undefined,
  };
}

export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1) || 'localhost';

export type MailTextInput = {
  buyerName: string;
  tenant: Tenant;
  kind: DocumentKind;
  number: string;
  /** The document's key: an invoice's CUFE, a note's CUDE. */
  cufe: string;
  zipName: string;
  /** The invoice a note corrects. */
  referencedInvoice?: { number: string; cufe: string } | undefined;
  /** A contingency invoice (type 04) mailed before DIAN has it (docs/contingency.md). */
  contingency?: boolean | undefined;
};

/**
 * The mail's body, in Spanish like the documents it carries, naming the document's kind (a note
 * also names the invoice it corrects); the zip is what counts legally.
 */
export function mailText(input: MailTextInput): string {
  const t = input.tenant;
  const words = documentKinds[input.kind];
  const reference = input.referencedInvoice;
  if (input.contingency) return contingencyText(input);
  return [
    `Señores ${input.buyerName}:`,
    '',
    `Les enviamos la ${words.name} ${input.number} emitida por ${t.legalName} (NIT ${t.nit}) y validada por la DIAN.`,
    ...(reference
      ? ['', `Corrige la factura electrónica de venta ${reference.number} (CUFE: ${reference.cufe}).`]
      : input.kind === 'invoice'
        ? []
        : ['', 'Es una nota sin factura de referencia.']),
    '',
    `${words.keyLabel}: ${input.cufe}`,
    '',
    `El archivo adjunto ${input.zipName} contiene el documento electrónico (AttachedDocument, con ${words.signed} y la respuesta`,
    'de validación de la DIAN) y su representación gráfica en PDF.',
  ].join('\r\n');
}

/** A type-04 invoice's mail: what it is, and that DIAN gets it once its platform answers again. */
function contingencyText(input: MailTextInput): string {
  const t = input.tenant;
  return [
    `Señores ${input.buyerName}:`,
    '',
    `Les enviamos la factura electrónica de venta ${input.number} emitida por ${t.legalName} (NIT ${t.nit}).`,
    '',
    'FACTURA DE CONTINGENCIA (tipo 04): expedida durante una indisponibilidad de la plataforma de la DIAN; se',
    'transmite a la DIAN cuando el servicio se restablece. Recibirán el documento validado por la DIAN cuando lo acepte.',
    '',
    `CUFE: ${input.cufe}`,
    '',
    `El archivo adjunto ${input.zipName} contiene la factura firmada (XML) y su representación gráfica en PDF.`,
  ].join('\r\n');
}

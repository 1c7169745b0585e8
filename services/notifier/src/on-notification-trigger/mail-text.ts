import type { Tenant } from '@fe/dian-domain';

/** The sender: FE_MAIL_FROM when set (one verified sending domain for every tenant), else the tenant's own address. */
export function senderOf(tenant: Tenant, configuredFrom: string | undefined): { from: string; address: string; replyTo: string | undefined } {
  const address = configuredFrom ?? tenant.email ?? 'facturacion@localhost';
  const name = (tenant.tradeName ?? tenant.legalName).replace(/["\\\r\n]/g, ' ');
  return { from: `"${name}" <${address}>`, address, replyTo: tenant.email && tenant.email !== address ? tenant.email : undefined };
}

export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1) || 'localhost';

/** The mail's body, in Spanish like the documents it carries; the zip is what counts legally. */
export function mailText(input: { buyerName: string; tenant: Tenant; number: string; cufe: string; zipName: string }): string {
  const t = input.tenant;
  return [
    `Señores ${input.buyerName}:`,
    '',
    `Les enviamos la factura electrónica de venta ${input.number} emitida por ${t.legalName} (NIT ${t.nit}) y validada por la DIAN.`,
    '',
    `CUFE: ${input.cufe}`,
    '',
    `El archivo adjunto ${input.zipName} contiene el documento electrónico (AttachedDocument, con la factura firmada y la respuesta`,
    'de validación de la DIAN) y su representación gráfica en PDF.',
  ].join('\r\n');
}

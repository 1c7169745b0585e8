import type { CertificateExpiry } from '@fe/tenancy';

/** A date and hour as Colombians read them: "31 de marzo de 2027 a las 6:59 p. m." (hora de Colombia). */
export const bogotaDateTime = (at: Date) =>
  at.toLocaleString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' });

/** The date alone: "31 de marzo de 2027". */
export const bogotaDate = (at: Date) =>
  at.toLocaleDateString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long' });

const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** The one sentence every warning starts with (banner and mail alike). */
export function expirySentence(expiry: CertificateExpiry): string {
  const when = `${bogotaDateTime(expiry.notAfter)} (hora de Colombia)`;
  return expiry.state === 'expired'
    ? `Su certificado de firma digital venció el ${when}: el servicio ya no firma ni envía sus facturas a la DIAN.`
    : `Su certificado de firma digital vence el ${when}, en ${days(Math.max(expiry.daysLeft, 1))}: desde entonces el servicio no podrá firmar ni enviar sus facturas a la DIAN.`;
}

/** The revocation's sentence (banner and mail alike): DIAN refuses what it signs (ZD04). */
export const REVOKED_SENTENCE =
  'Su entidad de certificación revocó su certificado de firma digital: el servicio ya no firma ni envía sus facturas a la DIAN, que rechaza lo firmado con un certificado revocado (regla ZD04).';

export const RENEW_ADVICE =
  'Cargue un certificado vigente de una entidad de certificación acreditada antes de esa fecha.';
export const RENEW_ADVICE_EXPIRED = 'Cargue un certificado vigente para volver a facturar.';

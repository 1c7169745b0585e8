import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookies, setCookie } from '../auth/visitor.ts';
import type { PortalDeps } from '../portal-deps.ts';

const FLASH_COOKIE = 'fe_admin_flash';

/** What a successful post says on the page it redirects to, once; only these words, never a secret. */
const flashes = {
  rotated: 'Clave rotada. Copie la nueva clave; la anterior funciona durante el periodo de gracia que se indica.',
  revoked: 'Claves revocadas. Emita una nueva cuando la necesite.',
  issued: 'Clave emitida.',
  production: 'Su empresa está en producción. La clave de pruebas dejó de funcionar; use la nueva clave fe_live_.',
  certificate: 'Certificado aceptado.',
  company: 'Guardado. Los datos de la empresa quedaron actualizados.',
  notes: 'Guardado. La numeración de notas quedó actualizada.',
  tacit: 'Guardado. La aceptación tácita de sus facturas quedó configurada.',
  contingency: 'Guardado. La contingencia de sus facturas quedó configurada.',
  mailbox: 'Guardado. El buzón de recepción se leerá desde la próxima consulta.',
  paperIssued:
    'Factura de contingencia (tipo 03) emitida a partir de la de papel. Su estado ante la DIAN se muestra abajo.',
  radianPending:
    'Solicitud registrada. La DIAN aún no responde; esta página mostrará el evento cuando quede registrado.',
} as const;

export type Flash = keyof typeof flashes;

/** Answers a successful post with 303 to `to`, which shows `flash` on its next view only (post/redirect/get). */
export function redirectWithFlash(reply: FastifyReply, deps: PortalDeps, to: string, flash: Flash) {
  setCookie(reply, deps, FLASH_COOKIE, flash, 120);
  return reply.redirect(to, 303);
}

/** The words a redirect left for this page, if any; the cookie is cleared so a reload does not repeat them. */
export function takeFlash(request: FastifyRequest, reply: FastifyReply, deps: PortalDeps): string | undefined {
  const code = readCookies(request).get(FLASH_COOKIE);
  if (code === undefined) return undefined;
  setCookie(reply, deps, FLASH_COOKIE, '', 0);
  return Object.hasOwn(flashes, code) ? flashes[code as Flash] : undefined;
}

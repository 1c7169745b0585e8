import {
  contingencyOf,
  noteNumberingOf,
  tacitAcceptanceOf,
  type CertificateExpiry,
  type NoteNumbering,
  type TenantProfile,
} from '@fe/tenancy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfField, notice, type FieldErrors } from '../html/form.ts';
import { html, type Html } from '../html/html.ts';
import { noteNumberingSection } from '../html/note-numbering.ts';
import { contingencySection } from '../html/contingency-setting.ts';
import { tacitAcceptanceSection } from '../html/tacit-acceptance-setting.ts';
import type { Account } from '../ports/account-store.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { takeFlash } from './flash.ts';
import { sendPage } from './guard.ts';
import { onboardingState } from './onboarding-state.ts';

const bogota = (at: Date | string) =>
  new Date(at).toLocaleString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' });

/** "Cargado, vigente hasta el …" (or "vencido el …"), the end as the banner reads it. */
const certificateState = (expiry: CertificateExpiry | undefined): Html | string =>
  expiry
    ? html`<span data-cert-not-after="${expiry.notAfter.toISOString()}">${expiry.state === 'expired' ? 'Vencido el' : 'Cargado, vigente hasta el'} ${bogota(expiry.notAfter)}</span>`
    : 'Cargado';

/** What the API still lacks before it takes the key (it answers 403 TENANT_NOT_READY): the same checks, in words. */
function apiBlockers(profile: TenantProfile, certificateNotAfter: string | undefined, now: Date): Html[] {
  const missing: Html[] = [];
  if (!profile.hasCertificate)
    missing.push(
      html`<li data-missing="certificate">Cargar el <a href="/admin/onboarding/certificate">certificado de firma digital</a> (.p12).</li>`,
    );
  else if (certificateNotAfter !== undefined && Date.parse(certificateNotAfter) <= now.getTime())
    missing.push(
      html`<li data-missing="certificate">Cargar un <a href="/admin/onboarding/certificate">certificado de firma vigente</a>: el actual venció el ${bogota(certificateNotAfter)}.</li>`,
    );
  if (profile.resolutions.length === 0)
    missing.push(
      html`<li data-missing="resolution">Registrar la <a href="/admin/onboarding/resolution">resolución de numeración</a>.</li>`,
    );
  return missing;
}

export type SettingsView = {
  top?: Html;
  status?: number;
  /** The note numbering as typed, with its errors, after a refused post. */
  notes?: { numbering: NoteNumbering; errors: FieldErrors };
};

/**
 * Settings: the API key (copy, rotate with its grace shown, revoke, issue after a revocation) once the API takes it,
 * the company, production, the note numbering.
 */
export async function settingsPage(
  deps: PortalDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  view: SettingsView = {},
) {
  const { commands, registry, clock } = deps;
  const state = await onboardingState(deps, account);
  if (!state.profile) return reply.redirect('/admin/onboarding', 303);
  const { profile } = state;
  const flash = takeFlash(request, reply, deps);
  const key = await registry.displayApiKey(account.tenantId);
  const history = await commands.history(account.tenantId);
  const lastRotation = history
    .filter((e) => e.data.change === 'ApiKeyRotated' || e.data.change === 'ApiKeysRevoked')
    .at(-1);
  const certificate = history.filter((e) => e.data.change === 'CertificateStored').at(-1)?.data.details;
  const blockers = apiBlockers(profile, certificate ? String(certificate.not_after) : undefined, clock.now());
  const graceEnd =
    lastRotation?.data.change === 'ApiKeyRotated' ? String(lastRotation.data.details.previous_valid_until) : undefined;
  const inGrace = graceEnd !== undefined && Date.parse(graceEnd) > clock.now().getTime();
  const csrf = request.visitor.csrf;
  const production = profile.environment === '1';
  const keyBody = !key
    ? state.done.resolution
      ? html`<p>No tiene una clave vigente.</p><form method="post" action="/admin/settings/issue">${csrfField(csrf)}<button type="submit">Emitir una clave nueva</button></form>`
      : html`<p>Su clave se emite al terminar la configuración inicial. <a href="/admin/onboarding">Continuar</a></p>`
    : blockers.length
      ? html`<div data-api-not-ready><p>Su clave aún no sirve: la API responde 403 <code>TENANT_NOT_READY</code> hasta que complete lo siguiente.</p><ul>${blockers}</ul></div>`
      : html`<p>Úsela en el encabezado <code>Authorization: Bearer …</code> de cada solicitud a la API.</p>
  <div class="key"><input id="api-key" readonly value="${key}" aria-label="Clave de API"><button type="button" data-copy-target="api-key">Copiar</button></div>
  ${inGrace ? html`<p class="notice ok" data-grace-until="${graceEnd}">La clave anterior sigue funcionando hasta el ${bogota(graceEnd)} (hora de Colombia).</p>` : ''}
  <form class="card" method="post" action="/admin/settings/rotate">${csrfField(csrf)}
    <label for="grace">Horas que la clave actual sigue funcionando después de rotarla</label>
    <input id="grace" name="graceHours" inputmode="numeric" value="24">
    <p><button type="submit" class="secondary">Rotar la clave</button></p>
  </form>
  <form class="card" method="post" action="/admin/settings/revoke">${csrfField(csrf)}
    <label><input type="checkbox" name="confirm" value="yes" required> Entiendo que toda clave de esta empresa deja de funcionar de inmediato.</label>
    <p><button type="submit" class="danger">Revocar todas las claves</button></p>
  </form>`;
  const body = html`${flash ? notice('ok', flash) : ''}${view.top}
<section aria-labelledby="key-title">
  <h2 id="key-title">Clave de API</h2>
  ${keyBody}
</section>
<section aria-labelledby="company-title">
  <h2 id="company-title">Empresa</h2>
  <dl>
    <dt>Razón social</dt><dd data-company="legal-name">${profile.tenant.legalName}</dd>
    <dt>NIT</dt><dd>${profile.tenant.nit}-${profile.tenant.dv}</dd>
    <dt>Ambiente</dt><dd data-environment="${profile.environment}">${production ? 'Producción' : 'Habilitación (pruebas)'}</dd>
    <dt>Certificado</dt><dd>${profile.hasCertificate ? certificateState(request.certificateExpiry) : 'Pendiente'}</dd>
  </dl>
  <p><a href="/admin/onboarding/company?from=settings">Editar los datos de la empresa</a></p>
  ${
    production
      ? ''
      : html`<form method="post" action="/admin/settings/production">${csrfField(csrf)}
    <p>${state.done.testSet ? 'La DIAN aceptó su set de pruebas.' : 'Disponible cuando la DIAN acepte su set de pruebas de habilitación.'}</p>
    <button type="submit"${state.done.testSet ? '' : html` disabled`}>Pasar a producción</button></form>`
  }
</section>
${noteNumberingSection(view.notes?.numbering ?? noteNumberingOf(profile), profile.noteNumbering !== undefined, { csrf, errors: view.notes?.errors ?? {} })}
${tacitAcceptanceSection(tacitAcceptanceOf(profile), csrf)}
${contingencySection(contingencyOf(profile), csrf)}`;
  return sendPage(request, reply, { title: 'Ajustes', nav: 'settings', body, status: view.status ?? 200 });
}

import { isTenancyError, noteNumberingOf } from '@fe/tenancy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfField, notice } from '../html/form.ts';
import { html, type Html } from '../html/html.ts';
import { noteNumberingSection } from '../html/note-numbering.ts';
import { tenancyRefusals } from '../pages/messages.ts';
import type { Account } from '../ports/account-store.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { requireAccount, sendPage, text } from './guard.ts';
import { actorOf, onboardingState } from './onboarding-state.ts';

const bogota = (at: Date | string) =>
  new Date(at).toLocaleString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' });

/**
 * Settings: the API key (copy, rotate with its grace shown, revoke, issue after a revocation), the company, production.
 */
export function settingsRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  const { commands, registry, clock } = deps;

  async function settingsPage(
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    top?: Html,
    status = 200,
  ) {
    const state = await onboardingState(deps, account);
    if (!state.profile) return reply.redirect('/admin/onboarding', 303);
    const { profile } = state;
    const key = await registry.displayApiKey(account.tenantId);
    const history = await commands.history(account.tenantId);
    const lastRotation = history
      .filter((e) => e.data.change === 'ApiKeyRotated' || e.data.change === 'ApiKeysRevoked')
      .at(-1);
    const graceEnd =
      lastRotation?.data.change === 'ApiKeyRotated'
        ? String(lastRotation.data.details.previous_valid_until)
        : undefined;
    const inGrace = graceEnd !== undefined && Date.parse(graceEnd) > clock.now().getTime();
    const csrf = request.visitor.csrf;
    const production = profile.environment === '1';
    const body = html`${top}
<section aria-labelledby="key-title">
  <h2 id="key-title">Clave de API</h2>
  ${
    key
      ? html`<p>Úsela en el encabezado <code>Authorization: Bearer …</code> de cada solicitud a la API.</p>
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
  </form>`
      : state.done.resolution
        ? html`<p>No tiene una clave vigente.</p><form method="post" action="/admin/settings/issue">${csrfField(csrf)}<button type="submit">Emitir una clave nueva</button></form>`
        : html`<p>Su clave se emite al terminar la configuración inicial. <a href="/admin/onboarding">Continuar</a></p>`
  }
</section>
<section aria-labelledby="company-title">
  <h2 id="company-title">Empresa</h2>
  <dl>
    <dt>Razón social</dt><dd data-company="legal-name">${profile.tenant.legalName}</dd>
    <dt>NIT</dt><dd>${profile.tenant.nit}-${profile.tenant.dv}</dd>
    <dt>Ambiente</dt><dd data-environment="${profile.environment}">${production ? 'Producción' : 'Habilitación (pruebas)'}</dd>
    <dt>Certificado</dt><dd>${profile.hasCertificate ? 'Cargado' : 'Pendiente'}</dd>
  </dl>
  <p><a href="/admin/onboarding/company">Editar los datos de la empresa</a></p>
  ${
    production
      ? ''
      : html`<form method="post" action="/admin/settings/production">${csrfField(csrf)}
    <p>${state.done.testSet ? 'La DIAN aceptó su set de pruebas.' : 'Disponible cuando la DIAN acepte su set de pruebas de habilitación.'}</p>
    <button type="submit"${state.done.testSet ? '' : html` disabled`}>Pasar a producción</button></form>`
  }
</section>
${noteNumberingSection(noteNumberingOf(profile), profile.noteNumbering !== undefined)}`;
    return sendPage(request, reply, { title: 'Ajustes', nav: 'settings', body, status });
  }

  /** Runs a key or environment change; a refusal is shown on the page with its code. */
  async function change(request: FastifyRequest, reply: FastifyReply, work: (account: Account) => Promise<Html>) {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    try {
      return settingsPage(request, reply, account, await work(account));
    } catch (error) {
      if (!isTenancyError(error)) throw error;
      return settingsPage(
        request,
        reply,
        account,
        notice('error', tenancyRefusals[error.code] ?? error.message, error.code),
        409,
      );
    }
  }

  scope.get('/settings', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    return settingsPage(request, reply, account);
  });

  scope.post('/settings/rotate', async (request, reply) =>
    change(request, reply, async (account) => {
      const typed = text(request.body, 'graceHours');
      const hours = /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN;
      if (!(hours >= 0 && hours <= 720))
        return notice('error', 'Escriba un número de horas entre 0 y 720.', 'FORM_INVALID');
      const { previousValidUntil } = await commands.rotateApiKey(account.tenantId, actorOf(account), hours);
      return notice(
        'ok',
        `Clave rotada. La anterior funciona hasta el ${bogota(previousValidUntil)} (hora de Colombia).`,
      );
    }),
  );

  scope.post('/settings/revoke', async (request, reply) =>
    change(request, reply, async (account) => {
      if (text(request.body, 'confirm') !== 'yes')
        return notice('error', 'Marque la casilla para confirmar la revocación.', 'FORM_INVALID');
      const revoked = await commands.revokeApiKeys(account.tenantId, actorOf(account));
      return notice('ok', `Claves revocadas: ${revoked}. Emita una nueva cuando la necesite.`);
    }),
  );

  scope.post('/settings/issue', async (request, reply) =>
    change(request, reply, async (account) => {
      await commands.issueApiKey(account.tenantId, actorOf(account));
      return notice('ok', 'Clave emitida.');
    }),
  );

  scope.post('/settings/production', async (request, reply) =>
    change(request, reply, async (account) => {
      await commands.switchToProduction(account.tenantId, actorOf(account));
      return notice(
        'ok',
        'Su empresa está en producción. La clave de pruebas dejó de funcionar; use la nueva clave fe_live_.',
      );
    }),
  );
}

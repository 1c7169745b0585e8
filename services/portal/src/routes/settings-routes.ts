import {
  checkInput,
  isContingencySetting,
  isTacitAcceptanceSetting,
  isTenancyError,
  noteNumberingSchema,
  type NoteNumbering,
} from '@fe/tenancy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notice, type FieldErrors } from '../html/form.ts';
import type { Html } from '../html/html.ts';
import { noteFieldName } from '../html/note-numbering.ts';
import { portalRefusals, tenancyRefusals } from '../pages/messages.ts';
import type { Account } from '../ports/account-store.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { redirectWithFlash, type Flash } from './flash.ts';
import { requireAccount, text } from './guard.ts';
import { actorOf, onboardingState } from './onboarding-state.ts';
import { settingsPage } from './settings-page.ts';

/** Settings' posts: each success answers 303 to the Settings page, which says what was done once. */
export function settingsRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  const { commands } = deps;

  /** Runs a key or environment change; a refusal is shown on the page with its code, a success redirects. */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (account: Account) => Promise<Flash | Html>,
  ) {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    try {
      const done = await work(account);
      if (typeof done === 'string') return redirectWithFlash(reply, deps, '/admin/settings', done);
      return settingsPage(deps, request, reply, account, { top: done, status: 422 });
    } catch (error) {
      if (!isTenancyError(error)) throw error;
      const words = notice('error', tenancyRefusals[error.code] ?? error.message, error.code);
      return settingsPage(deps, request, reply, account, { top: words, status: 409 });
    }
  }

  scope.get('/settings', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    return settingsPage(deps, request, reply, account);
  });

  scope.post('/settings/rotate', async (request, reply) =>
    change(request, reply, async (account) => {
      const typed = text(request.body, 'graceHours');
      const hours = /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN;
      if (!(hours >= 0 && hours <= 720))
        return notice('error', 'Escriba un número de horas entre 0 y 720.', 'FORM_INVALID');
      await commands.rotateApiKey(account.tenantId, actorOf(account), hours);
      return 'rotated';
    }),
  );

  scope.post('/settings/revoke', async (request, reply) =>
    change(request, reply, async (account) => {
      if (text(request.body, 'confirm') !== 'yes')
        return notice('error', 'Marque la casilla para confirmar la revocación.', 'FORM_INVALID');
      await commands.revokeApiKeys(account.tenantId, actorOf(account));
      return 'revoked';
    }),
  );

  scope.post('/settings/issue', async (request, reply) =>
    change(request, reply, async (account) => {
      await commands.issueApiKey(account.tenantId, actorOf(account));
      return 'issued';
    }),
  );

  scope.post('/settings/production', async (request, reply) =>
    change(request, reply, async (account) => {
      await commands.switchToProduction(account.tenantId, actorOf(account));
      return 'production';
    }),
  );

  scope.post('/settings/tacit-acceptance', async (request, reply) =>
    change(request, reply, async (account) => {
      const setting = text(request.body, 'tacitAcceptance');
      if (!isTacitAcceptanceSetting(setting))
        return notice('error', 'Elija si la aceptación tácita se emite sola o se ofrece.', 'FORM_INVALID');
      await commands.setTacitAcceptance(account.tenantId, setting, actorOf(account));
      return 'tacit';
    }),
  );

  scope.post('/settings/contingency', async (request, reply) =>
    change(request, reply, async (account) => {
      const setting = text(request.body, 'contingency');
      if (!isContingencySetting(setting))
        return notice('error', 'Elija cuándo sus facturas se emiten como facturas de contingencia.', 'FORM_INVALID');
      await commands.setContingency(account.tenantId, setting, actorOf(account));
      return 'contingency';
    }),
  );

  scope.post('/settings/note-numbering', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.profile) return reply.redirect('/admin/onboarding', 303);
    const series = (kind: 'credit' | 'debit') => ({
      prefix: text(request.body, noteFieldName(kind, 'prefix')).toUpperCase(),
      from: text(request.body, noteFieldName(kind, 'from')),
      to: text(request.body, noteFieldName(kind, 'to')),
    });
    const typed: NoteNumbering = { credit: series('credit'), debit: series('debit') };
    const checked = checkInput(noteNumberingSchema, typed);
    const errors: Record<string, string> = {};
    if (!checked.ok)
      for (const e of checked.errors) {
        const [kind, part] = e.field.split('.') as ['credit' | 'debit', 'prefix' | 'from' | 'to'];
        errors[noteFieldName(kind, part)] ??= e.message;
      }
    const invoicePrefixes = state.profile.resolutions.map((r) => r.prefix);
    for (const kind of ['credit', 'debit'] as const)
      if (invoicePrefixes.includes(typed[kind].prefix))
        errors[noteFieldName(kind, 'prefix')] ??= 'ese prefijo es el de una resolución de facturas; elija otro';
    if (!checked.ok || Object.keys(errors).length) {
      return settingsPage(deps, request, reply, account, {
        top: notice('error', portalRefusals.FORM_INVALID, 'FORM_INVALID'),
        status: 422,
        notes: { numbering: typed, errors: errors as FieldErrors },
      });
    }
    await commands.setNoteNumbering(account.tenantId, checked.value, actorOf(account));
    return redirectWithFlash(reply, deps, '/admin/settings', 'notes');
  });
}

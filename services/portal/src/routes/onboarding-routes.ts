import { municipalityOptions, type NumberingResolution, type SoftwareRegistration, type Tenant } from '@fe/dian-domain';
import {
  checkInput,
  companySchema,
  isTenancyError,
  resolutionSchema,
  softwareSchema,
  type FieldError,
} from '@fe/tenancy';
import { isXadesError } from '@fe/xades';
import type { FastifyInstance } from 'fastify';
import { checkboxes, csrfField, field, notice, select, type FieldErrors } from '../html/form.ts';
import { html, type Html } from '../html/html.ts';
import { stepList } from '../html/steps.ts';
import { testSetProgress } from '../html/test-set-progress.ts';
import { readableName } from '../html/distinguished-name.ts';
import { certificateLabels, companyLabels, resolutionLabels, softwareLabels } from '../pages/field-labels.ts';
import { certificateNotIssuers, certificateRefusals, portalRefusals, tenancyRefusals } from '../pages/messages.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { text as textOf, exact, requireAccount, sendPage } from './guard.ts';
import { actorOf, onboardingState, type OnboardingState } from './onboarding-state.ts';
import { redirectWithFlash, takeFlash } from './flash.ts';

const cities = municipalityOptions().map((m) => ({ value: m.code, label: m.label }));
const responsibilities = [
  ['O-13', 'Gran contribuyente'],
  ['O-15', 'Autorretenedor'],
  ['O-23', 'Agente de retención IVA'],
  ['O-47', 'Régimen simple de tributación'],
  ['R-99-PN', 'No aplica – Otros'],
] as const;

/** Schema paths → the form's field names, so each error lands beside its field. */
const formName: Record<string, string> = {
  'address.line': 'addressLine',
  'address.cityCode': 'cityCode',
  'address.postalZone': 'postalZone',
};
const errorsByField = (errors: FieldError[]): FieldErrors =>
  Object.fromEntries(errors.map((e) => [formName[e.field] ?? e.field, e.message]));
const optional = (value: string) => (value === '' ? undefined : value);
const digitOrNaN = (value: string) => (/^\d$/.test(value) ? Number(value) : Number.NaN);
const list = (body: unknown, name: string): string[] => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
};
/** The error summary of a form refused field by field. */
const refusal = (errors: FieldErrors, labels: Readonly<Record<string, string>>) =>
  notice('error', portalRefusals.FORM_INVALID, 'FORM_INVALID', { errors, labels });

/** What the steps ask for, so a newcomer gathers it before starting. */
const atHand = html`<section aria-labelledby="at-hand-title" data-at-hand>
  <h2 id="at-hand-title">Tenga a mano</h2>
  <ul>
    <li>Los datos de la empresa como figuran en el RUT: razón social, NIT y dígito de verificación, responsabilidades fiscales, dirección y municipio.</li>
    <li>El identificador del software (SoftwareID) y su PIN, que registró en el portal de habilitación de la DIAN.</li>
    <li>El identificador del set de pruebas (TestSetId) que la DIAN asignó a ese software.</li>
    <li>El certificado de firma digital (archivo .p12 o .pfx) de una entidad de certificación acreditada, y su contraseña.</li>
    <li>La resolución de numeración de facturación: número, prefijo, rango, vigencia y clave técnica.</li>
  </ul>
</section>`;

/** The onboarding steps (docs/portal.md): company, DIAN software, certificate, numbering resolution, test set. */
export function onboardingRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  const { commands, accounts } = deps;

  scope.get('/onboarding', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    const body = html`${stepList(state, state.next?.key)}
<section>
  ${
    state.next
      ? html`<p>Siguiente paso: <strong>${state.next.label}</strong>.</p><p><a class="button" href="${state.next.path}">Continuar</a></p>`
      : html`${notice('ok', 'La configuración inicial está completa.')}<p><a class="button" href="/admin/settings">Ver su clave de API</a></p>`
  }
  ${state.done.resolution && state.done.certificate && !state.done.testSet ? html`<p>Ya puede emitir facturas de habilitación: su clave de API está en <a href="/admin/settings">Ajustes</a>.</p>` : ''}
</section>
${state.next ? atHand : ''}`;
    return sendPage(request, reply, { title: 'Configuración inicial', body, nav: 'onboarding' });
  });

  // --- company ---------------------------------------------------------------------------------
  const companyForm = (
    csrf: string,
    t: Partial<Tenant>,
    errors: FieldErrors,
    top?: Html,
    fromSettings = false,
  ) => html`${top}
<form class="card" method="post" action="/admin/onboarding/company" novalidate>
  ${csrfField(csrf)}${fromSettings ? html`<input type="hidden" name="from" value="settings">` : ''}
  ${field({ name: 'legalName', label: companyLabels.legalName, value: t.legalName, errors, autocomplete: 'organization' })}
  ${field({ name: 'tradeName', label: companyLabels.tradeName, value: t.tradeName, errors, required: false })}
  ${field({ name: 'nit', label: companyLabels.nit, value: t.nit, errors, inputmode: 'numeric' })}
  ${field({ name: 'dv', label: companyLabels.dv, value: t.dv === undefined || Number.isNaN(t.dv) ? '' : String(t.dv), errors, inputmode: 'numeric' })}
  ${select({
    name: 'personType',
    label: companyLabels.personType,
    value: t.personType,
    errors,
    options: [
      { value: '1', label: 'Persona jurídica' },
      { value: '2', label: 'Persona natural' },
    ],
  })}
  ${select({
    name: 'taxScheme',
    label: companyLabels.taxScheme,
    value: t.taxScheme,
    errors,
    options: [
      { value: '01', label: 'IVA' },
      { value: '04', label: 'INC' },
      { value: 'ZA', label: 'IVA e INC' },
      { value: 'ZZ', label: 'No aplica' },
    ],
  })}
  ${checkboxes({
    name: 'taxLevelCodes',
    legend: companyLabels.taxLevelCodes,
    checked: t.taxLevelCodes ?? [],
    options: responsibilities.map(([code, label]) => ({ value: code, label: `${code} · ${label}` })),
    errors,
  })}
  ${field({ name: 'addressLine', label: companyLabels.addressLine, value: t.address?.line, errors, autocomplete: 'street-address' })}
  ${select({ name: 'cityCode', label: companyLabels.cityCode, value: t.address?.cityCode, errors, options: cities })}
  ${field({ name: 'postalZone', label: companyLabels.postalZone, value: t.address?.postalZone, errors, required: false, inputmode: 'numeric' })}
  ${field({ name: 'email', label: companyLabels.email, value: t.email, type: 'email', errors, required: false })}
  ${field({ name: 'receptionEmail', label: companyLabels.receptionEmail, value: t.receptionEmail, type: 'email', errors, required: false, hint: 'El correo de recepción de facturas que registró en la DIAN; va en sus facturas como correo del emisor. Si lo deja vacío, se usa el correo de facturación.' })}
  ${field({ name: 'phone', label: companyLabels.phone, value: t.phone, errors, required: false })}
  <button type="submit">${fromSettings ? 'Guardar' : 'Guardar y continuar'}</button>
</form>`;

  scope.get('/onboarding/company', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    const current = state.profile?.tenant ?? account.companyDraft ?? {};
    const fromSettings = Boolean(state.profile) && (request.query as { from?: unknown }).from === 'settings';
    return sendPage(request, reply, {
      title: 'Datos de la empresa',
      nav: fromSettings ? 'settings' : 'onboarding',
      body: html`${fromSettings ? '' : stepList(state, 'company')}${companyForm(request.visitor.csrf, current, {}, undefined, fromSettings)}`,
    });
  });

  scope.post('/onboarding/company', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const b = request.body;
    const typed: Tenant = {
      id: account.tenantId,
      nit: textOf(b, 'nit'),
      dv: digitOrNaN(textOf(b, 'dv')),
      legalName: textOf(b, 'legalName'),
      personType: textOf(b, 'personType') as Tenant['personType'],
      taxLevelCodes: list(b, 'taxLevelCodes'),
      taxScheme: textOf(b, 'taxScheme') as Tenant['taxScheme'],
      address: {
        line: textOf(b, 'addressLine'),
        cityCode: textOf(b, 'cityCode'),
        ...(optional(textOf(b, 'postalZone')) ? { postalZone: textOf(b, 'postalZone') } : {}),
      },
      ...(optional(textOf(b, 'tradeName')) ? { tradeName: textOf(b, 'tradeName') } : {}),
      ...(optional(textOf(b, 'email')) ? { email: textOf(b, 'email') } : {}),
      ...(optional(textOf(b, 'receptionEmail')) ? { receptionEmail: textOf(b, 'receptionEmail') } : {}),
      ...(optional(textOf(b, 'phone')) ? { phone: textOf(b, 'phone') } : {}),
    };
    const checked = checkInput(companySchema, typed);
    const exists = await deps.registry.tenantExists(account.tenantId);
    const fromSettings = exists && textOf(b, 'from') === 'settings';
    if (!checked.ok) {
      const state = await onboardingState(deps, account);
      const errors = errorsByField(checked.errors);
      return sendPage(request, reply, {
        title: 'Datos de la empresa',
        nav: fromSettings ? 'settings' : 'onboarding',
        status: 422,
        body: html`${fromSettings ? '' : stepList(state, 'company')}${companyForm(request.visitor.csrf, typed, errors, refusal(errors, companyLabels), fromSettings)}`,
      });
    }
    if (exists) await commands.updateCompany(account.tenantId, checked.value, actorOf(account));
    else await accounts.saveDraft(account.id, { companyDraft: checked.value });
    // From Settings, an edit goes back there saying it was saved; during onboarding, on to the next step.
    if (fromSettings) return redirectWithFlash(reply, deps, '/admin/settings', 'company');
    return reply.redirect('/admin/onboarding/software', 303);
  });

  // --- DIAN software ---------------------------------------------------------------------------
  const softwareForm = (
    csrf: string,
    s: Partial<SoftwareRegistration>,
    testSetId: string | undefined,
    errors: FieldErrors,
    top?: Html,
  ) => html`${top}
<form class="card" method="post" action="/admin/onboarding/software" novalidate>
  ${csrfField(csrf)}
  <p>Los datos del software que registró en el portal de habilitación de la DIAN.</p>
  ${field({ name: 'id', label: softwareLabels.id, value: s.id, errors })}
  ${field({ name: 'pin', label: softwareLabels.pin, type: 'password', errors, autocomplete: 'off', hint: 'Se guarda cifrado y nunca se vuelve a mostrar.' })}
  ${field({ name: 'testSetId', label: softwareLabels.testSetId, value: testSetId, errors, required: false })}
  ${field({ name: 'providerNit', label: softwareLabels.providerNit, value: s.providerNit, errors, inputmode: 'numeric', hint: 'El de su empresa si usa software propio.' })}
  ${field({ name: 'providerDv', label: softwareLabels.providerDv, value: s.providerDv === undefined || Number.isNaN(s.providerDv) ? '' : String(s.providerDv), errors, inputmode: 'numeric' })}
  ${field({ name: 'providerName', label: softwareLabels.providerName, value: s.providerName, errors })}
  <button type="submit">Guardar y continuar</button>
</form>`;

  scope.get('/onboarding/software', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.done.company) return reply.redirect('/admin/onboarding/company', 303);
    const company = state.profile?.tenant ?? account.companyDraft!;
    const { pin: _pin, ...current } = state.profile?.software ?? {
      providerNit: company.nit,
      providerDv: company.dv,
      providerName: company.legalName,
    };
    return sendPage(request, reply, {
      title: 'Software DIAN',
      nav: 'onboarding',
      body: html`${stepList(state, 'software')}${softwareForm(request.visitor.csrf, current, account.testSetId, {})}`,
    });
  });

  scope.post('/onboarding/software', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const b = request.body;
    const typed: SoftwareRegistration = {
      id: textOf(b, 'id'),
      pin: exact(b, 'pin'),
      providerNit: textOf(b, 'providerNit'),
      providerDv: digitOrNaN(textOf(b, 'providerDv')),
      providerName: textOf(b, 'providerName'),
    };
    const testSetId = textOf(b, 'testSetId');
    const checked = checkInput(softwareSchema, typed);
    const state = await onboardingState(deps, account);
    if (!state.done.company) return reply.redirect('/admin/onboarding/company', 303);
    if (!checked.ok) {
      const { pin: _pin, ...shown } = typed; // a PIN is never written back into a page
      const errors = errorsByField(checked.errors);
      return sendPage(request, reply, {
        title: 'Software DIAN',
        nav: 'onboarding',
        status: 422,
        body: html`${stepList(state, 'software')}${softwareForm(request.visitor.csrf, shown, testSetId, errors, refusal(errors, softwareLabels))}`,
      });
    }
    await accounts.saveDraft(account.id, { testSetId });
    if (state.profile) await commands.setSoftware(account.tenantId, checked.value, actorOf(account));
    else
      await commands.createTenant(
        { tenant: account.companyDraft!, environment: '2', software: checked.value, resolutions: [] },
        actorOf(account),
      );
    return reply.redirect('/admin/onboarding/certificate', 303);
  });

  // --- certificate -----------------------------------------------------------------------------
  const certificateForm = (csrf: string, errors: FieldErrors, top?: Html) => html`${top}
<form class="card" method="post" action="/admin/onboarding/certificate" enctype="multipart/form-data" novalidate>
  ${csrfField(csrf)}
  ${field({ name: 'p12', label: certificateLabels.p12, type: 'file', accept: '.p12,.pfx,application/x-pkcs12', errors })}
  ${field({ name: 'password', label: certificateLabels.password, type: 'password', errors, autocomplete: 'off', hint: 'Se guarda cifrada; nunca se muestra ni se registra.' })}
  <button type="submit">Subir y comprobar</button>
</form>`;

  // Offered where the local test CA exists (the built-in simulator trusts it), in habilitación only.
  const testCertificateForm = (csrf: string, state: OnboardingState) =>
    deps.testCertificates && state.profile?.environment === '2'
      ? html`<form class="card" method="post" action="/admin/onboarding/certificate/test" data-test-certificate>
  ${csrfField(csrf)}
  <h2>¿Aún no tiene su certificado?</h2>
  <p>Para probar en habilitación, este servicio puede emitir un certificado de prueba para el NIT ${state.profile.tenant.nit} con su CA local de pruebas. Solo lo acepta el simulador de la DIAN incluido; en producción la DIAN exige el certificado de una entidad de certificación acreditada.</p>
  <button type="submit" class="secondary">Generar un certificado de prueba (solo habilitación)</button>
</form>`
      : '';

  const lastCertificate = async (tenantId: string) =>
    (await commands.history(tenantId)).filter((e) => e.data.change === 'CertificateStored').at(-1)?.data.details;
  const certificateSummary = (
    d: Record<string, string | number | boolean>,
  ) => html`<section aria-label="Certificado cargado">
  <dl>
    <dt>Titular</dt><dd data-cert="subject">${readableName(String(d.subject))}</dd>
    <dt>Emisor</dt><dd data-cert="issuer">${readableName(String(d.issuer))}</dd>
    <dt>Número de serie</dt><dd>${String(d.serial_number)}</dd>
    <dt>Válido desde</dt><dd>${String(d.not_before).slice(0, 10)}</dd>
    <dt>Válido hasta</dt><dd data-cert="not-after">${String(d.not_after).slice(0, 10)}</dd>
  </dl>
  ${d.test_certificate === true ? html`<p data-cert="test"><strong>Certificado de prueba</strong> de la CA local: solo sirve en habilitación, con el simulador de la DIAN incluido. Antes de pasar a producción, cargue el de una entidad de certificación acreditada.</p>` : ''}
</section>`;

  scope.get('/onboarding/certificate', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.done.software) return reply.redirect('/admin/onboarding/software', 303);
    const current = state.done.certificate ? await lastCertificate(account.tenantId) : undefined;
    const flash = takeFlash(request, reply, deps);
    const body = html`${stepList(state, 'certificate')}${flash ? notice('ok', flash) : ''}${current ? html`${certificateSummary(current)}<p><a class="button" href="/admin/onboarding/resolution">Continuar</a></p><h2>Reemplazar el certificado</h2>` : ''}${certificateForm(request.visitor.csrf, {})}${testCertificateForm(request.visitor.csrf, state)}`;
    return sendPage(request, reply, { title: 'Certificado de firma', nav: 'onboarding', body });
  });

  scope.post('/onboarding/certificate/test', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.done.software) return reply.redirect('/admin/onboarding/software', 303);
    const issuer = deps.testCertificates;
    if (!issuer) return reply.redirect('/admin/onboarding/certificate', 303);
    try {
      await commands.storeTestCertificate(account.tenantId, (owner) => issuer.issue(owner), actorOf(account));
    } catch (error) {
      if (!isTenancyError(error) || error.code !== 'TEST_CERTIFICATE_IN_PRODUCTION') throw error;
      const words = tenancyRefusals.TEST_CERTIFICATE_IN_PRODUCTION!;
      return sendPage(request, reply, {
        title: 'Certificado de firma',
        nav: 'onboarding',
        status: 409,
        body: html`${stepList(state, 'certificate')}${notice('error', words, error.code)}${certificateForm(request.visitor.csrf, {})}`,
      });
    }
    return reply.redirect('/admin/onboarding/certificate', 303);
  });

  scope.post('/onboarding/certificate', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.done.software) return reply.redirect('/admin/onboarding/software', 303);
    const p12 = (request.body as Record<string, unknown>).p12;
    const password = exact(request.body, 'password');
    const again = (errors: FieldErrors, code: string) =>
      sendPage(request, reply, {
        title: 'Certificado de firma',
        nav: 'onboarding',
        status: 422,
        body: html`${stepList(state, 'certificate')}${certificateForm(
          request.visitor.csrf,
          errors,
          notice('error', 'No pudimos aceptar el certificado.', code, { errors, labels: certificateLabels }),
        )}${testCertificateForm(request.visitor.csrf, state)}`,
      });
    if (!Buffer.isBuffer(p12) || p12.length === 0)
      return again({ p12: portalRefusals.UPLOAD_INVALID }, 'UPLOAD_INVALID');
    try {
      await commands.storeCertificate(account.tenantId, p12, password, actorOf(account));
    } catch (error) {
      const words = isXadesError(error) ? certificateRefusals[error.code] : undefined;
      if (!words || !isXadesError(error)) throw error;
      const text =
        error.code === 'CERT_NOT_ISSUERS' && state.profile
          ? certificateNotIssuers(state.profile.tenant.nit, state.profile.software.providerNit)
          : words.text;
      return again({ [words.field]: text }, error.code);
    }
    return redirectWithFlash(reply, deps, '/admin/onboarding/certificate', 'certificate');
  });

  // --- numbering resolution --------------------------------------------------------------------
  const resolutionForm = (csrf: string, r: Partial<NumberingResolution>, errors: FieldErrors, top?: Html) => html`${top}
<form class="card" method="post" action="/admin/onboarding/resolution" novalidate>
  ${csrfField(csrf)}
  <p>Los datos de la resolución de numeración que le otorgó la DIAN.</p>
  ${field({ name: 'authorizationNumber', label: resolutionLabels.authorizationNumber, value: r.authorizationNumber, errors, inputmode: 'numeric' })}
  ${field({ name: 'prefix', label: resolutionLabels.prefix, value: r.prefix, errors, required: false })}
  ${field({ name: 'from', label: resolutionLabels.from, value: r.from, errors, inputmode: 'numeric' })}
  ${field({ name: 'to', label: resolutionLabels.to, value: r.to, errors, inputmode: 'numeric' })}
  ${field({ name: 'startDate', label: resolutionLabels.startDate, type: 'date', value: r.startDate, errors })}
  ${field({ name: 'endDate', label: resolutionLabels.endDate, type: 'date', value: r.endDate, errors })}
  ${field({ name: 'technicalKey', label: resolutionLabels.technicalKey, value: r.technicalKey, errors })}
  <button type="submit">Guardar y continuar</button>
</form>`;

  const resolutionsTable = (
    resolutions: readonly NumberingResolution[],
    active: string | undefined,
    title = 'Resoluciones registradas',
  ) => html`<section><h2>${title}</h2>
<table><thead><tr><th>Resolución</th><th>Prefijo</th><th>Rango</th><th>Vigencia</th></tr></thead><tbody>
${resolutions.map((r) => html`<tr><td data-label="Resolución">${r.authorizationNumber}${r.id === active ? ' (activa)' : ''}</td><td data-label="Prefijo">${r.prefix}</td><td data-label="Rango">${r.from} – ${r.to}</td><td data-label="Vigencia">${r.startDate} – ${r.endDate}</td></tr>`)}
</tbody></table></section>`;

  const lookupForm = (csrf: string) =>
    deps.numberingRanges
      ? html`<form class="card" method="post" action="/admin/onboarding/resolution/lookup">${csrfField(csrf)}
  <p>La DIAN puede decirnos los rangos autorizados para su software (GetNumberingRange, firmado con su certificado).</p>
  <button type="submit" class="secondary">Consultar en la DIAN</button></form>`
      : '';

  scope.get('/onboarding/resolution', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.profile) return reply.redirect('/admin/onboarding/software', 303);
    const body = html`${stepList(state, 'resolution')}${state.profile.resolutions.length ? resolutionsTable(state.profile.resolutions, state.profile.activeResolutionId) : ''}${state.done.certificate ? lookupForm(request.visitor.csrf) : ''}${resolutionForm(request.visitor.csrf, {}, {})}`;
    return sendPage(request, reply, { title: 'Resolución de numeración', nav: 'onboarding', body });
  });

  scope.post('/onboarding/resolution/lookup', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.profile || !deps.numberingRanges) return reply.redirect('/admin/onboarding/resolution', 303);
    const answer = await deps.numberingRanges.lookup(account.tenantId);
    const found = answer.ok ? answer.ranges : [];
    const top = !answer.ok
      ? notice('error', answer.message, 'DIAN_LOOKUP_FAILED')
      : found.length === 0
        ? notice(
            'error',
            'La DIAN no tiene rangos autorizados para este software y NIT. Escríbalos a mano.',
            'DIAN_NO_RANGES',
          )
        : notice(
            'ok',
            `La DIAN respondió ${found.length === 1 ? 'un rango' : `${found.length} rangos`}; revise los datos y guárdelos.`,
          );
    const body = html`${stepList(state, 'resolution')}${
      found.length > 1
        ? resolutionsTable(
            found.map((r, i) => ({ ...r, id: String(i) })),
            undefined,
            'Rangos que informó la DIAN',
          )
        : ''
    }${resolutionForm(request.visitor.csrf, found[0] ?? {}, {}, top)}`;
    return sendPage(request, reply, {
      title: 'Resolución de numeración',
      nav: 'onboarding',
      body,
      status: answer.ok ? 200 : 502,
    });
  });

  scope.post('/onboarding/resolution', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (!state.profile) return reply.redirect('/admin/onboarding/software', 303);
    const b = request.body;
    const prefix = textOf(b, 'prefix').toUpperCase();
    const typed: NumberingResolution = {
      id: `${prefix || 'sp'}-${textOf(b, 'authorizationNumber') || 'x'}`.slice(0, 64),
      authorizationNumber: textOf(b, 'authorizationNumber'),
      prefix,
      from: textOf(b, 'from'),
      to: textOf(b, 'to'),
      startDate: textOf(b, 'startDate'),
      endDate: textOf(b, 'endDate'),
      technicalKey: textOf(b, 'technicalKey').toLowerCase(),
    };
    const checked = checkInput(resolutionSchema, typed);
    const taken = state.profile.resolutions.some((r) => r.id === typed.id);
    if (!checked.ok || taken) {
      const errors = checked.ok
        ? { authorizationNumber: 'Esta resolución con este prefijo ya está registrada.' }
        : errorsByField(checked.errors);
      return sendPage(request, reply, {
        title: 'Resolución de numeración',
        nav: 'onboarding',
        status: 422,
        body: html`${stepList(state, 'resolution')}${resolutionForm(request.visitor.csrf, typed, errors, refusal(errors, resolutionLabels))}`,
      });
    }
    await commands.addResolution(account.tenantId, checked.value, true, actorOf(account));
    if ((await deps.registry.displayApiKey(account.tenantId)) === undefined)
      await commands.issueApiKey(account.tenantId, actorOf(account));
    return reply.redirect('/admin/onboarding/test-set', 303);
  });

  // --- habilitación test set -------------------------------------------------------------------
  scope.get('/onboarding/test-set', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    const run = await deps.testSets?.progress(account.tenantId);
    const canRun =
      Boolean(deps.testSets) &&
      state.done.resolution &&
      state.done.certificate &&
      !state.done.testSet &&
      run?.state !== 'running';
    const body = html`${stepList(state, 'testSet')}<section>
  ${run ? testSetProgress(run) : ''}
  <div data-live-part="test-set-next">
  ${state.done.testSet ? notice('ok', 'La DIAN aceptó el set de pruebas: ya puede pasar a producción desde Ajustes.') : ''}
  ${!state.done.testSet && !run ? html`<p>Para pasar a producción, la DIAN debe aceptar el set de pruebas de habilitación${account.testSetId ? html` (identificador <code>${account.testSetId}</code>)` : ''}.</p>` : ''}
  ${canRun ? html`<form method="post" action="/admin/onboarding/test-set">${csrfField(request.visitor.csrf)}<button type="submit">${run ? 'Enviar de nuevo' : 'Enviar el set de pruebas'}</button></form>` : ''}
  ${!deps.testSets && !state.done.testSet ? html`<p>Emita con su clave de API de pruebas las facturas que pide el set y siga su resultado en <a href="/admin/invoices">Facturas</a>; cuando la DIAN lo acepte, el operador lo registra con <code>pnpm fe tenant test-set-passed</code>.</p>` : ''}
  ${state.done.resolution && !state.done.certificate ? html`<p>Primero <a href="/admin/onboarding/certificate">cargue el certificado</a>.</p>` : ''}
  <p><a class="button" href="/admin/settings">Ir a Ajustes y copiar la clave de API</a></p>
  </div>
</section>`;
    return sendPage(request, reply, { title: 'Set de pruebas de habilitación', nav: 'onboarding', body });
  });

  scope.post('/onboarding/test-set', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const state = await onboardingState(deps, account);
    if (deps.testSets && state.done.resolution && state.done.certificate && !state.done.testSet) {
      await deps.testSets.start(account.tenantId, { testSetId: account.testSetId ?? '', actor: actorOf(account) });
    }
    return reply.redirect('/admin/onboarding/test-set', 303);
  });
}

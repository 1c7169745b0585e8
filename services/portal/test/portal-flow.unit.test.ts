// The portal as a web application: every successful post redirects (303) to a page that says what was done once;
// Settings edits the company and the note series in place and names what the API still lacks before the key works.
import { makeDemoCertificates } from '@fe/tenancy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../src/auth/tokens.ts';
import { startPortalApp, type PortalApp } from '../test-support/portal-app.ts';

const company = { legalName: 'Comercial Flujo S.A.S.', nit: '900108281', dv: '3' };
const errorCodeOf = (page: string) => /data-error-code="([A-Z_0-9]+)"/.exec(page)?.[1];

describe('the portal flows like a web application', () => {
  let portal: PortalApp;
  const cookies = new Map<string, string>([['fe_admin_session', 'F'.repeat(43)]]);
  beforeAll(async () => {
    portal = await startPortalApp({ FE_PORTAL_FORM_POSTS_PER_MINUTE: '1000' });
    await portal.accounts.createAccount(
      { id: 'a1', email: 'flor@flujo.example', passwordHash: 'x', tenantId: 'tflujo' },
      new Date(),
    );
    await portal.accounts.confirm('a1', new Date());
    await portal.accounts.createSession(tokenHash('F'.repeat(43)), 'a1', new Date(Date.now() + 3_600_000));
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A browser's cookie jar over `inject`, without following redirects. */
  const send = async (method: 'GET' | 'POST', url: string, payload?: string | Buffer, type?: string) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await portal.app.inject({
      method,
      url,
      headers: { cookie, ...(type ? { 'content-type': type } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });
    const setCookies = answer.headers['set-cookie'];
    for (const line of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (/Max-Age=0/.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return answer;
  };
  const get = (url: string) => send('GET', url);
  const csrf = async () => /name="csrf" value="([^"]+)"/.exec((await get('/admin/onboarding')).body)![1]!;
  const post = async (url: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams({ csrf: await csrf() });
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    return send('POST', url, body.toString(), 'application/x-www-form-urlencoded');
  };
  const companyFields = (legalName = company.legalName, from?: string) => ({
    legalName,
    nit: company.nit,
    dv: company.dv,
    personType: '1',
    taxScheme: '01',
    taxLevelCodes: 'R-99-PN',
    addressLine: 'Carrera 7 # 71-21',
    cityCode: '54001',
    ...(from ? { from } : {}),
  });

  it('answers sign-up and a reset request with a 303 to a page, so a reload sends no second mail', async () => {
    const page = await portal.app.inject({ method: 'GET', url: '/admin/signup' });
    const cookie = page.headers['set-cookie']!.toString().split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const post = (url: string, fields: Record<string, string>) =>
      portal.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ csrf, ...fields }).toString(),
      });
    const password = 'una clave larga y segura';
    const signedUp = await post('/admin/signup', { email: 'nuevo@flujo.example', password, repeat: password });
    expect([signedUp.statusCode, signedUp.headers.location]).toEqual([303, '/admin/signup/sent']);
    const sent = await portal.app.inject({ method: 'GET', url: '/admin/signup/sent', headers: { cookie } });
    expect(sent.body).toContain('Le enviamos un enlace para confirmar su correo.');
    const reset = await post('/admin/password', { email: 'nuevo@flujo.example' });
    expect([reset.statusCode, reset.headers.location]).toEqual([303, '/admin/password/sent']);
    const told = await portal.app.inject({ method: 'GET', url: '/admin/password/sent', headers: { cookie } });
    expect(told.body).toContain('Si existe una cuenta con ese correo');
  });

  it('lists on the overview what to have at hand, and offers Cúcuta as Colombians write it', async () => {
    const overview = (await get('/admin/onboarding')).body;
    const from = overview.indexOf('data-at-hand');
    const atHand = overview.slice(from, overview.indexOf('</section>', from));
    for (const thing of ['SoftwareID', 'PIN', 'TestSetId', '.p12', 'contraseña', 'resolución de numeración'])
      expect(atHand).toContain(thing);
    const form = (await get('/admin/onboarding/company')).body;
    expect(form).toContain('>San José de Cúcuta (Norte de Santander)</option>');
    expect(form).toContain('>Bogotá, D.C. (Bogotá)</option>');
  });

  it('with a key but no certificate, Settings says what the API still needs instead of offering the key', async () => {
    expect((await post('/admin/onboarding/company', companyFields())).headers.location).toBe(
      '/admin/onboarding/software',
    );
    const software = {
      id: '5b7c3a9e-1f2d-4c6b-8a0e-9d1f2e3c4b5a',
      pin: 'Pin75315x',
      testSetId: '',
      providerNit: company.nit,
      providerDv: company.dv,
      providerName: company.legalName,
    };
    expect((await post('/admin/onboarding/software', software)).statusCode).toBe(303);
    const resolution = await post('/admin/onboarding/resolution', {
      authorizationNumber: '18760000001',
      prefix: 'SETP',
      from: '990000000',
      to: '995000000',
      startDate: '2019-01-19',
      endDate: '2030-01-19',
      technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
    });
    expect(resolution.headers.location).toBe('/admin/onboarding/test-set');
    const settings = (await get('/admin/settings')).body;
    expect(settings).toContain('TENANT_NOT_READY');
    expect(settings).toContain('<li data-missing="certificate">Cargar el <a href="/admin/onboarding/certificate">');
    expect(settings).not.toContain('id="api-key"');
    expect(settings).not.toMatch(/fe_test_[0-9A-Za-z]{43}/);
    expect((await get('/admin/onboarding')).body).not.toContain('Ya puede emitir facturas');
  });

  it('accepts the certificate with a 303, shows it by its name, CN first, then the key', async () => {
    const certs = makeDemoCertificates({ nit: company.nit, legalName: company.legalName }, new Date());
    const part = (name: string, value: string) =>
      `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(part('csrf', await csrf()) + part('password', certs.password)),
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="p12"; filename="firma.p12"\r\n' +
          'Content-Type: application/x-pkcs12\r\n\r\n',
      ),
      certs.p12,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
    const uploaded = await send('POST', '/admin/onboarding/certificate', payload, 'multipart/form-data; boundary=XyZ');
    expect([uploaded.statusCode, uploaded.headers.location]).toEqual([303, '/admin/onboarding/certificate']);
    const page = (await get('/admin/onboarding/certificate')).body;
    expect(page).toContain('Certificado aceptado.');
    expect((await get('/admin/onboarding/certificate')).body).not.toContain('Certificado aceptado.');
    expect(/data-cert="subject">([^<]*)</.exec(page)?.[1]).toBe(
      `CN=${company.legalName}, serialNumber=${company.nit}, O=${company.legalName}, C=CO`,
    );
    expect(page).not.toContain('2.5.4.5=#');
    expect((await get('/admin/settings')).body).toMatch(/id="api-key" readonly value="fe_test_/);
  });

  it('rotates with a 303 to Settings, which says so once; a reload neither rotates again nor repeats it', async () => {
    const before = /id="api-key" readonly value="([^"]+)"/.exec((await get('/admin/settings')).body)![1];
    const rotated = await post('/admin/settings/rotate', { graceHours: '24' });
    expect([rotated.statusCode, rotated.headers.location]).toEqual([303, '/admin/settings']);
    expect(rotated.body).not.toContain('fe_test_');
    const shown = (await get('/admin/settings')).body;
    expect(shown).toContain('Clave rotada.');
    const after = /id="api-key" readonly value="([^"]+)"/.exec(shown)![1];
    expect(after).not.toBe(before);
    const reload = (await get('/admin/settings')).body;
    expect(reload).not.toContain('Clave rotada.');
    expect(/id="api-key" readonly value="([^"]+)"/.exec(reload)![1]).toBe(after);
    const refused = await post('/admin/settings/rotate', { graceHours: 'mil' });
    expect([refused.statusCode, errorCodeOf(refused.body)]).toEqual([422, 'FORM_INVALID']);
  });

  it('edits the company from Settings and returns there with "Guardado"', async () => {
    const form = (await get('/admin/onboarding/company?from=settings')).body;
    expect(form).toContain('<input type="hidden" name="from" value="settings">');
    const saved = await post('/admin/onboarding/company', companyFields('Comercial Flujo Dos S.A.S.', 'settings'));
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/admin/settings']);
    const settings = (await get('/admin/settings')).body;
    expect(settings).toContain('Guardado.');
    expect(settings).toContain('<dd data-company="legal-name">Comercial Flujo Dos S.A.S.</dd>');
  });

  it('edits the note series on the page: saved with a 303, refused beside the field when it is an invoice prefix', async () => {
    const notes = {
      creditPrefix: 'nca',
      creditFrom: '1',
      creditTo: '5000',
      debitPrefix: 'NDA',
      debitFrom: '10',
      debitTo: '900',
    };
    const saved = await post('/admin/settings/note-numbering', notes);
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/admin/settings']);
    const settings = (await get('/admin/settings')).body;
    expect(settings).toContain('La numeración de notas quedó actualizada.');
    expect(settings).toMatch(/name="creditPrefix" type="text" value="NCA"/);
    expect(settings).toMatch(/name="debitFrom" type="text" value="10"/);
    expect(settings).not.toContain('pnpm fe tenant note-numbering');
    const refused = await post('/admin/settings/note-numbering', { ...notes, creditPrefix: 'SETP', debitTo: '' });
    expect([refused.statusCode, errorCodeOf(refused.body)]).toEqual([422, 'FORM_INVALID']);
    expect(refused.body).toMatch(/data-field-error="creditPrefix">[^<]*resolución de facturas/);
    expect(refused.body).toContain('data-field-error="debitTo"');
    expect(refused.body).toMatch(/name="creditPrefix" type="text" value="SETP"/);
  });

  it('sets the contingency from Settings: saved with a 303 and shown checked; a value off the list is refused', async () => {
    expect((await get('/admin/settings')).body).toContain('data-contingency="off"');
    const saved = await post('/admin/settings/contingency', { contingency: 'automatic' });
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/admin/settings']);
    const settings = (await get('/admin/settings')).body;
    expect(settings).toContain('La contingencia de sus facturas quedó configurada.');
    expect(settings).toContain('data-contingency="automatic"');
    expect(settings).toContain('<input type="radio" name="contingency" value="automatic" checked>');
    const refused = await post('/admin/settings/contingency', { contingency: 'siempre' });
    expect([refused.statusCode, errorCodeOf(refused.body)]).toEqual([422, 'FORM_INVALID']);
    expect((await get('/admin/settings')).body).toContain('data-contingency="automatic"');
  });
});

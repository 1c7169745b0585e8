// Every refusal of the portal's onboarding forms, against the whole embedded service: a 4xx page with a Spanish
// sentence beside each field at fault, all of them in one round (no second submit to learn of another).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf, PortalClient, type PortalAnswer } from '../test-support/portal-client.ts';
import { certificateFile, PASSWORD, SOFTWARE_PIN, type Company } from '../test-support/portal-steps.ts';
import { startWorld, type World } from '../test-support/world.ts';

const company: Company = { legalName: 'Rechazos Claros S.A.S.', nit: '900108281', dv: '3' };

/** The text beside field `name`, or undefined when the page shows no error there. */
const besideField = (page: string, name: string): string | undefined =>
  new RegExp(`<p class="error" id="f-${name}-error" data-field-error="${name}">([^<]*)</p>`).exec(page)?.[1];

/** Words of zod's or of English that must never reach a person. */
const notSpanish = /Invalid|expected|received|NaN|undefined|option/;

function expectSpanishBeside(page: PortalAnswer, fields: Record<string, RegExp>): void {
  expect(page.status).toBe(422);
  expect(errorCodeOf(page.text)).toBe('FORM_INVALID');
  for (const [name, words] of Object.entries(fields)) {
    const text = besideField(page.text, name);
    expect(text, `error beside ${name}`).toMatch(words);
    expect(text).not.toMatch(notSpanish);
    expect(text).toMatch(/^[A-ZÁÉÍÓÚÑ¿].*\.$/); // a sentence
  }
}

describe('the portal refusals, each beside its field in one round', { timeout: 120_000 }, () => {
  let world: World;
  let admin: PortalClient;
  beforeAll(async () => {
    world = await startWorld();
    admin = new PortalClient(world.url);
    await admin.signUp(world.dataDir, 'rechazos@claros.example', PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it('names an unchosen select, an empty DV and a missing responsibility in Spanish', async () => {
    const page = await admin.post('/admin/onboarding/company', {
      legalName: company.legalName,
      nit: company.nit,
      dv: '',
      personType: '',
      taxScheme: '',
      addressLine: '',
      cityCode: '',
    });
    expectSpanishBeside(page, {
      dv: /dígito de verificación/,
      personType: /tipo de persona/,
      taxScheme: /régimen/,
      taxLevelCodes: /responsabilidad fiscal/,
      addressLine: /dirección/,
      cityCode: /municipio/,
    });
  });

  it('reports a wrong DV in the same round as every other field at fault', async () => {
    const page = await admin.post('/admin/onboarding/company', {
      legalName: '',
      nit: company.nit,
      dv: '4',
      personType: '',
      taxScheme: '01',
      taxLevelCodes: 'R-99-PN',
      addressLine: 'Carrera 7 # 71-21',
      cityCode: '11001',
    });
    expectSpanishBeside(page, {
      legalName: /razón social/,
      dv: /no corresponde al NIT/,
      personType: /tipo de persona/,
    });
  });

  it("reports the provider's empty or wrong DV with the software's other errors", async () => {
    const saved = await admin.post('/admin/onboarding/company', companyFields);
    expect(saved.headers.get('location')).toBe('/admin/onboarding/software');
    const empty = await admin.post('/admin/onboarding/software', { ...softwareFields, providerDv: '', pin: '' });
    expectSpanishBeside(empty, { providerDv: /dígito de verificación/, pin: /PIN/ });
    const wrong = await admin.post('/admin/onboarding/software', { ...softwareFields, providerDv: '4', id: '' });
    expectSpanishBeside(wrong, { providerDv: /no corresponde al NIT/, id: /identificador del software/ });
  });

  it("refuses a certificate for another company's NIT beside the certificate field, not with a fault page", async () => {
    const saved = await admin.post('/admin/onboarding/software', softwareFields);
    expect(saved.headers.get('location')).toBe('/admin/onboarding/certificate');
    const other = certificateFile({ legalName: 'Otra Empresa S.A.S.', nit: '900373115', dv: '9' });
    const form = new FormData();
    form.set('csrf', await admin.csrfFrom('/admin/onboarding/certificate'));
    form.set('password', other.password);
    form.set('p12', new Blob([other.file.buffer], { type: 'application/x-pkcs12' }), 'firma.p12');
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${world.url}/admin/onboarding/certificate`, {
      method: 'POST',
      body: form,
      headers: { cookie },
      redirect: 'manual',
    });
    const text = await response.text();
    expect(response.status).toBe(422);
    expect(errorCodeOf(text)).toBe('CERT_NOT_ISSUERS');
    expect(besideField(text, 'p12')).toMatch(/no es de su empresa.*NIT 900108281/);
    expect(text).not.toContain(other.password);
  });
});

const companyFields = {
  legalName: company.legalName,
  nit: company.nit,
  dv: company.dv,
  personType: '1',
  taxScheme: '01',
  taxLevelCodes: 'R-99-PN',
  addressLine: 'Carrera 7 # 71-21',
  cityCode: '11001',
};
const softwareFields = {
  id: '5b7c3a9e-1f2d-4c6b-8a0e-9d1f2e3c4b5a',
  pin: SOFTWARE_PIN,
  testSetId: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
  providerNit: company.nit,
  providerDv: company.dv,
  providerName: company.legalName,
};

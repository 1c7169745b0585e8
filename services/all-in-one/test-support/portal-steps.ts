// The admin portal's pages as a person fills them, for the browser tests.
import { makeDemoCertificates } from '@fe/tenancy';
import type { Page } from 'playwright-core';
import { linkInOutbox } from './browser.ts';

export const PASSWORD = 'una clave larga y segura';
export const SOFTWARE_PIN = 'Pin75315x';

/** Signs up with `email` and opens the confirmation link from the outbox: the page lands on onboarding, logged in. */
export async function signUpAndConfirm(page: Page, url: string, dataDir: string, email: string): Promise<void> {
  await page.goto(`${url}/admin/signup`);
  await page.fill('#f-email', email);
  await page.fill('#f-password', PASSWORD);
  await page.fill('#f-repeat', PASSWORD);
  await page.click('main form.card button[type=submit]');
  await page.waitForSelector('text=Revise su correo');
  await page.goto(linkInOutbox(dataDir, email, 'confirm'));
  await page.waitForURL(/\/admin\/onboarding$/);
}

export type Company = { legalName: string; nit: string; dv: string };

export async function fillCompany(page: Page, company: Company): Promise<void> {
  await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/onboarding/company'));
  await page.fill('#f-legalName', company.legalName);
  await page.fill('#f-nit', company.nit);
  await page.fill('#f-dv', company.dv);
  await page.selectOption('#f-personType', '1');
  await page.selectOption('#f-taxScheme', '01');
  await page.check('input[name=taxLevelCodes][value="R-99-PN"]');
  await page.fill('#f-addressLine', 'Carrera 7 # 71-21');
  await page.selectOption('#f-cityCode', '11001');
  await page.click('main form.card button[type=submit]');
}

export async function fillSoftware(
  page: Page,
  software: { id: string; pin: string; testSetId?: string } = {
    id: '5b7c3a9e-1f2d-4c6b-8a0e-9d1f2e3c4b5a',
    pin: SOFTWARE_PIN,
  },
): Promise<void> {
  await page.waitForURL(/\/onboarding\/software$/);
  await page.fill('#f-id', software.id);
  await page.fill('#f-pin', software.pin);
  await page.fill('#f-testSetId', software.testSetId ?? 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b');
  await page.click('main form.card button[type=submit]');
  await page.waitForURL(/\/onboarding\/certificate$/);
}

/** A .p12 made now (or `at` for an expired one), as the user's file. */
export function certificateFile(company: Company, at = new Date()) {
  const certs = makeDemoCertificates({ nit: company.nit, legalName: company.legalName }, at);
  return {
    file: { name: 'firma.p12', mimeType: 'application/x-pkcs12', buffer: certs.p12 },
    password: certs.password,
    caPem: certs.caPem,
  };
}

export async function uploadCertificate(
  page: Page,
  file: ReturnType<typeof certificateFile>['file'],
  password: string,
): Promise<void> {
  await page.setInputFiles('#f-p12', file);
  await page.fill('#f-password', password);
  await page.click('main form[enctype] button[type=submit]');
  await page.waitForLoadState('load');
}

export async function fillResolution(page: Page): Promise<void> {
  await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/onboarding/resolution'));
  await page.fill('#f-authorizationNumber', '18760000001');
  await page.fill('#f-prefix', 'SETP');
  await page.fill('#f-from', '990000000');
  await page.fill('#f-to', '995000000');
  await page.fill('#f-startDate', '2019-01-19');
  await page.fill('#f-endDate', '2030-01-19');
  await page.fill('#f-technicalKey', 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c');
  await page.click('main form.card:has(#f-prefix) button[type=submit]');
  await page.waitForURL(/\/onboarding\/test-set$/);
}

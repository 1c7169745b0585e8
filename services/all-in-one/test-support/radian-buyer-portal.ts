// The buyer's side through a portal over HTTP (docs/radian.md, docs/portal.md "Facturas recibidas"), shared by the
// embedded and the distributed shapes' tests: an accountant signs in through the reset mail, uploads the supplier's
// zip and sends 030, 032 and 033 from the received invoice's page.
import { readMail } from '@fe/mail';
import { expect } from 'vitest';
import { errorCodeOf, PortalClient } from './portal-client.ts';
import { mailsTo, until } from './radian-buyer.ts';

/** A portal session of `email`'s account, its password chosen through the reset link mailed to GreenMail. */
export async function signInThroughReset(portalUrl: string, imapUrl: string, email: string): Promise<PortalClient> {
  const portal = new PortalClient(portalUrl);
  await portal.post('/admin/password', { email });
  const link = await until('the reset mail', async () => {
    for (const { raw } of await mailsTo(imapUrl, email)) {
      const found = /https?:\/\/\S+\/admin\/password\/new\?token=[A-Za-z0-9_-]+/.exec(readMail(raw).text)?.[0];
      if (found) return new URL(found);
    }
    return undefined;
  });
  expect((await portal.choosePassword(link)).status).toBe(303);
  return portal;
}

/** The zip of the supplier's mail of invoice `number` to `address`. */
export const supplierZip = (imapUrl: string, address: string, number: string): Promise<Uint8Array> =>
  until(`the supplier mail to ${address}`, async () => {
    for (const { raw } of await mailsTo(imapUrl, address)) {
      const mail = readMail(raw);
      const attachment = mail.attachments.find((a) => a.filename.endsWith('.zip'));
      if (attachment && mail.subject.includes(number)) return attachment.content;
    }
    return undefined;
  });

/**
 * Uploads the zip on "Facturas recibidas", sees it verified and listed, then sends 030, 033 too early (refused with
 * BUYER_EVENT_OUT_OF_ORDER), 032 and 033 from its page, each waited for until DIAN registered it; a form without its
 * token is refused. Answers the page once accepted.
 */
export async function uploadAndAccept(
  portal: PortalClient,
  invoice: { cufe: string; number: string },
  zip: Uint8Array,
): Promise<string> {
  const { cufe } = invoice;
  const uploaded = await portal.postFile(
    '/admin/received',
    {},
    { field: 'file', name: 'factura.zip', type: 'application/zip', bytes: zip },
  );
  expect(uploaded.status, uploaded.text).toBe(303);
  expect(uploaded.headers.get('location')).toBe(`/admin/received/${cufe}`);
  const page = await portal.get(`/admin/received/${cufe}`);
  expect(page.text).toContain('Verificada');
  expect(page.text).toContain('data-event-form="030"');
  expect((await portal.get('/admin/received')).text).toContain(invoice.number);

  const event = (code: string, fields: Record<string, string>) =>
    portal.post(`/admin/received/${cufe}/events`, { code, ...fields }, { formPage: `/admin/received/${cufe}` });
  const person = {
    person_id: '52123456',
    first_name: 'Marta',
    family_name: 'Ruiz',
    job_title: 'Contadora',
    department: 'Contabilidad',
  };
  const registered = (code: string) =>
    until(`${code} registered`, async () => {
      const text = (await portal.get(`/admin/received/${cufe}`)).text;
      return text.includes(`data-event-code="${code}" data-event-status="registered"`) ? text : undefined;
    });

  expect((await event('030', person)).status).toBe(303);
  await registered('030');
  const early = await event('033', person);
  expect(errorCodeOf(early.text)).toBe('BUYER_EVENT_OUT_OF_ORDER');
  expect((await event('032', person)).status).toBe(303);
  await registered('032');
  expect((await event('033', person)).status).toBe(303);
  const accepted = await registered('033');
  expect(accepted).toContain('data-buyer-answer="accepted"');
  expect(accepted).toContain('Aceptada expresamente (033)');
  const forged = await portal.post(
    `/admin/received/${cufe}/events`,
    { code: '031', claim_reason: '01' },
    { csrf: 'none' },
  );
  expect(errorCodeOf(forged.text)).toBe('CSRF_INVALID');
  return accepted;
}

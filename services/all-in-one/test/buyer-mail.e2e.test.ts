/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The buyer's mail end to end over a real SMTP server on loopback; a refused address shows in the status while
// the invoice stays accepted.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { invoiceStatusResponseSchema } from '@fe/contracts';
import { demoResolution, demoTenant } from '@fe/dian-domain';
import { readMail } from '@fe/mail';
import { startSmtpCatcher, type SmtpCatcher } from '@fe/mail/testing';
import { attachedDocumentXsd, repoRoot, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { unzipSync } from 'fflate';
import { descendants, NS, parseXmlTree, readAttachedDocument, textOf } from '@fe/dian-xml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo } from '../test-support/outbox.ts';
import { PortalClient } from '../test-support/portal-client.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let catcher: SmtpCatcher;
let world: World;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  world = await startWorld({ FE_SMTP_URL: catcher.url, NOTIFIER_RETRY_BACKOFF_MS: '100' });
});
afterAll(async () => {
  await world?.close();
  await catcher?.close();
});

/** The signed document and DIAN's answer the container carries, each in a CDATA section. */
const cdata = (xml: string) => {
  const { documentXml, applicationResponseXml } = readAttachedDocument(xml);
  return [documentXml!, applicationResponseXml!];
};
const certificatePem = (xml: string) => {
  const base64 = textOf(descendants(parseXmlTree(xml), NS.ds, 'X509Certificate')[0])!;
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
};

describe('an accepted invoice with customer.email', () => {
  let answer: any;
  let mail: ReturnType<typeof readMail>;
  let files: Record<string, Uint8Array>;
  beforeAll(async () => {
    answer = (await world.post(exampleRequest)).body;
    expect(answer.status).toBe('accepted');
    const [caught] = await catcher.waitForMails(1);
    expect(caught!.to).toEqual([exampleRequest.customer.email]);
    mail = readMail(caught!.raw);
    files = unzipSync(mail.attachments[0]!.content);
  });

  it('sends one mail with the annex subject and one zip named as the annex says', () => {
    expect(mail.subject).toBe(`${demoTenant.nit};${demoTenant.legalName};${answer.number};01;${demoTenant.tradeName}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^z0900123456000\d{2}[0-9A-F]{8}\.zip$/),
    ]);
    expect(Object.keys(files)).toEqual([expect.stringMatching(/^ad.*\.xml$/), expect.stringMatching(/^ad.*\.pdf$/)]);
  });

  it("zips an AttachedDocument that passes the XSD and xmlsec1, around the stored signed invoice and DIAN's ApplicationResponse", async () => {
    const [xmlName, pdfName] = Object.keys(files) as [string, string];
    const adFile = join(world.dataDir, 'received-ad.xml');
    writeFileSync(adFile, files[xmlName]!);
    const caFile = join(world.dataDir, 'demo-ca.pem');
    writeFileSync(caFile, (await world.embedded.tenants.trustedCaPems('demo'))[0]!);
    expect(xmllintXsd(adFile, attachedDocumentXsd).ok).toBe(true);
    const xmlsec = xmlsec1Verify(adFile, caFile);
    expect(xmlsec.ok, xmlsec.output).toBe(true);

    const [invoice, ar] = cdata(Buffer.from(files[xmlName]!).toString('utf8'));
    const stored = Buffer.from(await (await fetch(answer.xml_url)).arrayBuffer()).toString('utf8');
    expect(invoice).toBe(stored);
    // DIAN's: the very ApplicationResponse the simulator answered (stored by the submitter), signed by it, about this
    // CUFE.
    expect(ar).toBe(
      readFileSync(join(world.dataDir, 'files', 'demo', `${answer.number}.application-response.xml`), 'utf8'),
    );
    expect(ar).toContain('<cbc:CompanyID schemeAgencyID="195" schemeID="4" schemeName="31">800197268</cbc:CompanyID>');
    expect(ar).toContain(`<cbc:UUID schemeName="CUFE-SHA384">${answer.cufe}</cbc:UUID>`);
    const arFile = join(world.dataDir, 'received-ar.xml');
    writeFileSync(arFile, ar!);
    const dianCert = join(world.dataDir, 'dian-cert.pem');
    writeFileSync(dianCert, certificatePem(ar!));
    expect(xmlsec1Verify(arFile, dianCert).ok).toBe(true);
    expect(certificatePem(ar!)).not.toBe(certificatePem(invoice!));

    const pdfFile = join(world.dataDir, 'received.pdf');
    writeFileSync(pdfFile, files[pdfName]!);
    expect(
      spawnSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ''),
    ).toContain(answer.cufe);
  });

  it("`pnpm fe verify` on the zip the buyer received checks all three signatures, the CUFE and DIAN's verdict; a changed byte fails it", async () => {
    const zipFile = join(world.dataDir, mail.attachments[0]!.filename);
    writeFileSync(zipFile, mail.attachments[0]!.content);
    const [xmlName] = Object.keys(files) as [string];
    const ar = cdata(Buffer.from(files[xmlName]!).toString('utf8'))[1]!;
    const dianCert = join(world.dataDir, 'dian-cert.pem');
    writeFileSync(dianCert, certificatePem(ar));
    const caFile = join(world.dataDir, 'demo-ca.pem');
    writeFileSync(caFile, (await world.embedded.tenants.trustedCaPems('demo'))[0]!);
    const fe = (file: string) =>
      spawnSync(
        process.execPath,
        [
          join(repoRoot, 'apps/cli/src/main.ts'),
          'verify',
          file,
          '--trusted',
          caFile,
          '--trusted-dian',
          dianCert,
          '--technical-key',
          demoResolution.technicalKey,
        ],
        { encoding: 'utf8', env: { ...process.env, INIT_CWD: repoRoot } },
      );
    const report = fe(zipFile);
    expect(report.status, report.stdout + report.stderr).toBe(0);
    expect(report.stdout).toMatch(/^OK {3}AttachedDocument: reference 3 /m);
    expect(report.stdout).toMatch(/^OK {3}invoice: CUFE: recomputed, matches cbc:UUID$/m);
    expect(report.stdout).toMatch(/^OK {3}DIAN ApplicationResponse: signature value: .*ecdsa-sha256/m);
    expect(report.stdout).toMatch(/^OK {3}DIAN ApplicationResponse: speaks of the invoice's CUFE/m);
    const tampered = join(world.dataDir, 'tampered-ad.xml');
    writeFileSync(tampered, Buffer.from(files[xmlName]!).toString('utf8').replace('Consultoría', 'Consultoria'));
    const bad = fe(tampered);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^FAIL AttachedDocument: reference 1 /m);
    expect(bad.stdout).toMatch(/^FAIL invoice: reference 1 /m);
  });

  it('shows in the status that the mail was sent, to which address, from where and when', async () => {
    const body = invoiceStatusResponseSchema.parse(
      await pollStatus(world, answer.cufe, (b) => b.buyer_notification?.stage === 'sent'),
    );
    expect(body.buyer_notification).toMatchObject({
      stage: 'sent',
      email: exampleRequest.customer.email,
      source: 'request',
      message_id: mail.messageId,
      attempt: 1,
    });
    expect(body).toMatchObject({ status: 'accepted', stage: 'accepted' });
    expect(catcher.mails).toHaveLength(1);
  });
});

describe('POST /api/v1/service/invoice/<cufe>/notify', () => {
  it('sends one more mail, to the address it names, recorded as a resend; refuses what it cannot do', async () => {
    const answer = (await world.post(exampleRequest)).body;
    await pollStatus(world, answer.cufe, (b) => b.buyer_notification?.stage === 'sent');
    const before = catcher.mails.length;
    const call = (cufe: string, body?: unknown) =>
      fetch(`${world.url}/api/v1/service/invoice/${cufe}/notify`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${world.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const resent = await call(answer.cufe, { email: 'otra@cliente.example' });
    expect(resent.status).toBe(202);
    expect(await resent.json()).toMatchObject({ success: true, cufe: answer.cufe, email: 'otra@cliente.example' });
    const mails = await catcher.waitForMails(before + 1);
    expect(mails.at(-1)!.to).toEqual(['otra@cliente.example']);
    const status = await pollStatus(
      world,
      answer.cufe,
      (b) => b.buyer_notification?.stage === 'sent' && b.buyer_notification.source === 'resend_request',
    );
    expect(status.buyer_notification.email).toBe('otra@cliente.example');
    expect((await call(answer.cufe)).status).toBe(202); // no body: the request's own address again
    await catcher.waitForMails(before + 2);
    expect(catcher.mails.at(-1)!.to).toEqual([exampleRequest.customer.email]);

    const unknown = await call('ab'.repeat(48), {});
    expect([unknown.status, ((await unknown.json()) as any).error.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const bad = await call(answer.cufe, { email: 'not-an-address' });
    expect([bad.status, ((await bad.json()) as any).error.details[0].path]).toEqual([400, 'email']);
  });
});

describe('a request without customer.email', () => {
  it("asks DIAN (GetAcquirer) and mails the buyer's registered address, saying so; a buyer DIAN does not know gets no mail, and the status says why", async () => {
    const { email: _none, ...customer } = exampleRequest.customer;
    const before = catcher.mails.length;
    const registered = (await world.post({ ...exampleRequest, customer })).body;
    const sent = await pollStatus(world, registered.cufe, (b) => b.buyer_notification?.stage === 'sent');
    expect(sent.buyer_notification).toMatchObject({ email: 'recepcion@cliente.example', source: 'dian_acquirer' });
    expect(catcher.mails.at(-1)!.to).toEqual(['recepcion@cliente.example']);

    const unknown = (await world.post({ ...exampleRequest, customer: { ...customer, document_number: '800197268' } }))
      .body;
    const skipped = await pollStatus(world, unknown.cufe, (b) => b.buyer_notification !== undefined);
    expect(skipped.buyer_notification).toMatchObject({ stage: 'no_address' });
    expect(skipped.buyer_notification.reason).toContain('GetAcquirer');
    expect(catcher.mails.length).toBe(before + 1);
  });
});

describe('an address the mail server refuses', () => {
  it('ends visibly: buyer_notification failed with MAIL_RECIPIENT_REFUSED, the invoice accepted, no mail', async () => {
    catcher.refuse.set('nadie@cliente.example', [550, '5.1.1 No such user']);
    const before = catcher.mails.length;
    const answer = (
      await world.post({ ...exampleRequest, customer: { ...exampleRequest.customer, email: 'nadie@cliente.example' } })
    ).body;
    const body = await pollStatus(world, answer.cufe, (b) => b.buyer_notification?.stage === 'failed');
    expect(body.buyer_notification).toMatchObject({
      stage: 'failed',
      code: 'MAIL_RECIPIENT_REFUSED',
      email: 'nadie@cliente.example',
    });
    expect(body.status).toBe('accepted');
    expect(catcher.mails.length).toBe(before);
  });
});

describe("the admin portal's mails", () => {
  it('leave through the same SMTP server (FE_SMTP_URL), not into the outbox: the sign-up confirmation reaches it with its link', async () => {
    const email = 'portal-smtp@empresa.example';
    const portal = new PortalClient(world.url);
    await portal.post(
      '/admin/signup',
      { email, password: 'una clave larga y segura', repeat: 'una clave larga y segura' },
      { formPage: '/admin/signup' },
    );
    const deadline = Date.now() + 20_000;
    while (!catcher.mails.some((m) => m.to.includes(email)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const caught = catcher.mails.filter((m) => m.to.includes(email)).map((m) => readMail(m.raw));
    expect(caught).toHaveLength(1);
    expect(caught[0]!.text).toMatch(new RegExp(`${world.url}/admin/confirm\\?token=[A-Za-z0-9_-]+`));
    expect(outboxMailsTo(join(world.dataDir, 'outbox'), email)).toEqual([]);
  });
});

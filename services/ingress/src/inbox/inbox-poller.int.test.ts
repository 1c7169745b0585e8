// The reception mailbox poller against the integration run's mail server (GreenMail, docs/mailbox.md): a mail with a
// supplier's bare invoice XML is imported (listed with the checks it fails, since no DIAN answer came with it) and
// moved to Importadas; a mail with nothing readable is moved to Rechazadas; a second poll imports nothing twice.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { receivedInvoiceStream } from '@fe/contracts';
import { createImapMailboxReader, createSmtpTransport, imapSettings, smtpSettings } from '@fe/mail';
import { FilesystemBlobStore, SignedLinks, SqliteEventStore, systemClock } from '@fe/platform';
import { createRecordingLogger, requiredTestEnv } from '@fe/platform/testing';
import { createReceivedInvoiceChecker, SqliteReceivedInvoiceIndex } from '@fe/received-invoices';
import { afterAll, expect, it } from 'vitest';
import { createInboxPoller } from './inbox-poller.ts';

const need = 'the mail server (bash infra/up.sh mail)';
const imapUrl = requiredTestEnv('FE_TEST_IMAP_URL', need);
const smtp = createSmtpTransport(
  smtpSettings({ url: requiredTestEnv('FE_TEST_MAIL_SMTP_URL', need), timeoutMs: 10_000 }),
);
const files = mkdtempSync(join(tmpdir(), 'fe-inbox-'));
const checker = createReceivedInvoiceChecker();
afterAll(async () => {
  await smtp.close();
  await checker.close();
  rmSync(files, { recursive: true, force: true });
});

const CUFE = 'ab'.repeat(48);
/** A supplier's invoice as it might arrive alone: its head and parties, no signature, no DIAN answer. */
const bareInvoice = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>FV77</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${CUFE}</cbc:UUID><cbc:IssueDate>2026-11-20</cbc:IssueDate>
  <cac:AccountingSupplierParty><cbc:AdditionalAccountID>1</cbc:AdditionalAccountID><cac:Party><cac:PartyTaxScheme>
    <cbc:RegistrationName>PROVEEDOR S.A.S.</cbc:RegistrationName><cbc:CompanyID schemeID="3" schemeName="31">900108281</cbc:CompanyID>
  </cac:PartyTaxScheme><cac:Contact><cbc:ElectronicMail>facturas@proveedor.example</cbc:ElectronicMail></cac:Contact></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID schemeName="31">900123456</cbc:CompanyID></cac:PartyTaxScheme></cac:Party></cac:AccountingCustomerParty>
</Invoice>`;

it('imports what a mail brings, sets aside what it cannot read, and never imports a mail twice', async () => {
  const address = `recepcion-${randomUUID().slice(0, 8)}@fe.test`;
  const send = (subject: string, attachment: { filename: string; content: string; contentType: string }) =>
    smtp.send({
      from: 'facturas@proveedor.example',
      to: address,
      subject,
      text: 'Adjunto',
      messageId: `<${randomUUID()}@proveedor.example>`,
      attachments: [{ ...attachment, content: Buffer.from(attachment.content, 'utf8') }],
    });
  await send('900108281;PROVEEDOR S.A.S.;FV77;01;PROVEEDOR', {
    filename: 'fv77.xml',
    content: bareInvoice,
    contentType: 'application/xml',
  });
  await send('Hola', {
    filename: 'nota.xml',
    content: '<nota>no es una factura</nota>',
    contentType: 'application/xml',
  });

  const store = new SqliteEventStore(':memory:');
  const index = new SqliteReceivedInvoiceIndex(':memory:');
  const logger = createRecordingLogger();
  const reader = () =>
    createImapMailboxReader(imapSettings({ url: imapUrl, user: address, password: address, timeoutMs: 10_000 }));
  const poller = createInboxPoller({
    store,
    blobs: new FilesystemBlobStore(files, new SignedLinks(new Uint8Array(32), 'http://127.0.0.1/files')),
    index,
    checker,
    clock: systemClock,
    mailboxes: [{ tenantId: 'demo', reader: reader() }],
    tenants: { profile: async (id) => (id === 'demo' ? { tenant: { nit: '900123456' } } : undefined) },
    logger,
    intervalMs: 60_000,
  });
  await poller.pollNow();
  await poller.pollNow(); // nothing unseen is left: nothing is imported again

  const { events } = await store.read(receivedInvoiceStream('demo', CUFE));
  expect(events.map((e) => e.envelope.type)).toEqual(['ReceivedInvoiceImported']);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the event's data, checked field by field
  const imported = events[0]!.envelope.data as Record<string, any>;
  expect(imported).toMatchObject({
    number: 'FV77',
    source: 'mail',
    file_name: 'fv77.xml',
    checks_passed: false,
    supplier: { nit: '900108281', dv: 3, email: 'facturas@proveedor.example' },
  });
  expect(imported.checks.map((c: { code: string; ok: boolean }) => [c.code, c.ok])).toEqual([
    ['ATTACHED_DOCUMENT_SIGNATURE', false],
    ['INVOICE_SIGNATURE', false],
    ['CUFE_MATCHES_DIAN', false],
    ['DIAN_SIGNATURE', false],
    ['DIAN_ACCEPTED', false],
    ['BUYER_IS_TENANT', true],
  ]);
  expect((await index.list('demo', { limit: 10 })).map((r) => r.cufe)).toEqual([CUFE]);

  // Each mail left the inbox for the folder that says what came of it.
  const inFolder = async (folder: string) => {
    const r = createImapMailboxReader(
      imapSettings({ url: imapUrl, user: address, password: address, folder, timeoutMs: 10_000 }),
    );
    try {
      return (await r.listUnseen()).map((m) => m.subject);
    } finally {
      await r.close();
    }
  };
  expect(await inFolder('INBOX')).toEqual([]);
  expect(await inFolder('Importadas')).toEqual(['900108281;PROVEEDOR S.A.S.;FV77;01;PROVEEDOR']);
  expect(await inFolder('Rechazadas')).toEqual(['Hola']);
  expect(logger.entries.filter((e) => e.message === 'reception mail read').map((e) => e.fields.unreadable)).toEqual([
    0, 1,
  ]);
  await poller.stop();
  await index.close();
  await store.close();
});

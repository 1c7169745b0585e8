// The notifier's reaction against a real SMTP server on loopback (smtp-server): one mail per
// invoice however often the trigger arrives, a crash between sending and recording, refusals.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceEvent, InvoiceRequestInput } from '@fe/contracts';
import {
  createOutboxTransport,
  createSmtpTransport,
  isMailError,
  readMail,
  smtpSettings,
  type MailTransport,
} from '@fe/mail';
import { startSmtpCatcher, type SmtpCatcher } from '@fe/mail/testing';
import { loadInvoiceStream, newInvoiceEvent } from '@fe/platform';
import { SqliteFileCounter } from '@fe/dian-client';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  makeWorld,
  recordAcceptedCreditNote,
  recordAcceptedInvoice,
  type World,
} from '../../test-support/notifier-world.ts';
import { onNotificationTrigger, type OnNotificationTriggerPorts } from './handler.ts';
import { memoryTenants } from '../../test-support/notifier-world.ts';

let catcher: SmtpCatcher;
let world: World;
let smtp: MailTransport;
let fileCounter: SqliteFileCounter;
let number = 990000100;
beforeAll(async () => void (catcher = await startSmtpCatcher()));
afterAll(async () => catcher?.close());
beforeEach(() => {
  world = makeWorld();
  smtp = createSmtpTransport(smtpSettings({ url: catcher.url, timeoutMs: 5000 }));
  fileCounter = new SqliteFileCounter(join(mkdtempSync(join(tmpdir(), 'fe-names-')), 'state.sqlite'));
  catcher.mails.length = 0;
  catcher.refuse.clear();
});
afterEach(async () => {
  await smtp.close();
  await fileCounter.close();
  await world.close();
});

const request = (email?: string): InvoiceRequestInput => ({
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.', ...(email ? { email } : {}) },
  lines: [{ code: 'a', name: 'Servicio', quantity: 1, unit_price: 100 }],
  payment: { method_code: '10' },
});

function handler(overrides: Partial<OnNotificationTriggerPorts> = {}) {
  return onNotificationTrigger({
    store: world.store,
    blobs: world.blobs,
    tenants: memoryTenants,
    transport: smtp,
    fileCounter,
    clock: world.clock,
    logger: world.logger,
    ...overrides,
  });
}

const notificationEvents = async (invoiceId: string) =>
  (await loadInvoiceStream(world.store, invoiceId)).events
    .filter((e) => e.type.startsWith('Buyer'))
    .map((e: InvoiceEvent) => e.type);

describe('the notifier reaction', () => {
  it('sends one mail with the zip; a redelivered trigger sends no second one', async () => {
    const inv = await recordAcceptedInvoice(world, request('compras@cliente.example'), String(number++));
    const react = handler();
    await react(inv.rendered);
    await react(inv.rendered);
    expect(catcher.mails).toHaveLength(1);
    const mail = readMail(catcher.mails[0]!.raw);
    expect(catcher.mails[0]!.to).toEqual(['compras@cliente.example']);
    expect(mail.messageId).toBe(`<${inv.documentId}.${inv.rendered.id}@demo.example>`);
    const files = unzipSync(mail.attachments[0]!.content);
    expect(Object.keys(files).map((n) => n.slice(-4))).toEqual(['.xml', '.pdf']);
    expect(await notificationEvents(inv.invoiceId)).toEqual(['BuyerNotificationStarted', 'BuyerNotified']);
    const started = (await loadInvoiceStream(world.store, inv.invoiceId)).events.find(
      (e) => e.type === 'BuyerNotificationStarted',
    );
    expect(started?.data).toMatchObject({ email: 'compras@cliente.example', source: 'request', attempt: 1 });
  });

  it("mails a credit note to its invoice's buyer: the note's AttachedDocument, its PDF named nc…, type code 91, a text naming the note", async () => {
    const note = await recordAcceptedCreditNote(world, 'cliente@example.com');
    await handler()(note.rendered);
    await handler()(note.rendered);
    expect(catcher.mails).toHaveLength(1);
    expect(catcher.mails[0]!.to).toEqual(['cliente@example.com']);
    const mail = readMail(catcher.mails[0]!.raw);
    expect(mail.subject.split(';').slice(2, 4)).toEqual(['NC1001', '91']);
    expect(mail.text).toContain('Les enviamos la nota crédito electrónica NC1001');
    expect(mail.text).toContain(`CUDE: ${note.cude}`);
    expect(mail.text).toContain('Corrige la factura electrónica de venta SETP990001234');
    const files = unzipSync(mail.attachments[0]!.content);
    expect(Object.keys(files).map((n) => n.slice(0, 2))).toEqual(['ad', 'nc']);
    expect(Buffer.from(files[Object.keys(files)[0]!]!).toString('utf8')).toContain(
      '<cbc:ParentDocumentID>NC1001</cbc:ParentDocumentID>',
    );
    expect(await notificationEvents(note.invoiceId)).toEqual(['BuyerNotificationStarted', 'BuyerNotified']);
    const started = (await loadInvoiceStream(world.store, note.invoiceId)).events.find(
      (e) => e.type === 'BuyerNotificationStarted',
    );
    expect(started?.data).toMatchObject({ email: 'cliente@example.com', source: 'request' });
  });

  it("asks DIAN for a note's buyer when its invoice had no email", async () => {
    const asked: string[] = [];
    const acquirers = {
      receptionEmail: async (q: { documentNumber: string }) => (
        asked.push(q.documentNumber),
        { email: 'recepcion@cliente.example', detail: 'registered' }
      ),
    };
    const note = await recordAcceptedCreditNote(world, undefined);
    await handler({ acquirers })(note.rendered);
    expect(asked).toEqual(['1020304050']);
    expect(catcher.mails[0]!.to).toEqual(['recepcion@cliente.example']);
  });

  it('two deliveries at once (two instances) send one mail', async () => {
    const inv = await recordAcceptedInvoice(world, request('compras@cliente.example'), String(number++));
    await Promise.all([handler()(inv.rendered), handler()(inv.rendered)]);
    expect(catcher.mails).toHaveLength(1);
    expect(await notificationEvents(inv.invoiceId)).toEqual(['BuyerNotificationStarted', 'BuyerNotified']);
  });

  it('a crash between sending and recording leaves one mail, and the redelivery records the outcome as unknown (SMTP keeps no receipt)', async () => {
    const inv = await recordAcceptedInvoice(world, request('compras@cliente.example'), String(number++));
    const crashing: MailTransport = {
      ...smtp,
      send: async (m) => {
        await smtp.send(m);
        throw new Error('process killed');
      },
    };
    await expect(handler({ transport: crashing })(inv.rendered)).rejects.toThrow('process killed');
    expect(await notificationEvents(inv.invoiceId)).toEqual(['BuyerNotificationStarted']);
    await handler()(inv.rendered);
    await handler()(inv.rendered);
    expect(catcher.mails).toHaveLength(1);
    const events = (await loadInvoiceStream(world.store, inv.invoiceId)).events;
    expect(events.filter((e) => e.type.startsWith('Buyer')).map((e) => e.type)).toEqual([
      'BuyerNotificationStarted',
      'BuyerNotificationFailed',
    ]);
    expect(events.at(-1)?.data).toMatchObject({ code: 'MAIL_OUTCOME_UNKNOWN', final: true });
  });

  it('with the outbox, the redelivery after a crash finds the mail and records it as sent', async () => {
    const inv = await recordAcceptedInvoice(world, request('compras@cliente.example'), String(number++));
    const outbox = createOutboxTransport(join(mkdtempSync(join(tmpdir(), 'fe-outbox-')), 'outbox'));
    const crashing: MailTransport = {
      ...outbox,
      send: async (m) => {
        await outbox.send(m);
        throw new Error('process killed');
      },
    };
    await expect(handler({ transport: crashing })(inv.rendered)).rejects.toThrow('process killed');
    await handler({ transport: outbox })(inv.rendered);
    expect(await notificationEvents(inv.invoiceId)).toEqual(['BuyerNotificationStarted', 'BuyerNotified']);
  });

  it('an address the server refuses (550) is a final failure, recorded, not retried', async () => {
    catcher.refuse.set('nadie@cliente.example', [550, 'No such user']);
    const inv = await recordAcceptedInvoice(world, request('nadie@cliente.example'), String(number++));
    await handler()(inv.rendered); // does not throw: nothing to retry
    await handler()(inv.rendered);
    expect(catcher.mails).toHaveLength(0);
    const last = (await loadInvoiceStream(world.store, inv.invoiceId)).events.at(-1)!;
    expect(last).toMatchObject({
      type: 'BuyerNotificationFailed',
      data: { code: 'MAIL_RECIPIENT_REFUSED', final: true, email: 'nadie@cliente.example' },
    });
    expect(world.logger.entries.some((e) => e.fields.code === 'MAIL_RECIPIENT_REFUSED')).toBe(true);
  });

  it('a temporary failure (450) is recorded and thrown for the bus to retry; the retry sends with the same Message-ID', async () => {
    catcher.refuse.set('lleno@cliente.example', [450, 'Mailbox busy']);
    const inv = await recordAcceptedInvoice(world, request('lleno@cliente.example'), String(number++));
    const error = await handler()(inv.rendered).catch((e: unknown) => e);
    expect(isMailError(error) && [error.code, error.retriable]).toEqual(['MAIL_TEMPORARY_FAILURE', true]);
    catcher.refuse.clear();
    await handler()(inv.rendered);
    expect(catcher.mails).toHaveLength(1);
    const events = (await loadInvoiceStream(world.store, inv.invoiceId)).events.filter((e) =>
      e.type.startsWith('Buyer'),
    );
    expect(events.map((e) => e.type)).toEqual([
      'BuyerNotificationStarted',
      'BuyerNotificationFailed',
      'BuyerNotificationStarted',
      'BuyerNotified',
    ]);
    expect(events.map((e) => (e.data as { message_id?: string }).message_id)).toEqual(
      Array(4).fill(readMail(catcher.mails[0]!.raw).messageId),
    );
    expect(events[2]!.data).toMatchObject({ attempt: 2 });
  });

  it('without customer.email asks DIAN (GetAcquirer); with no address at all, records that no mail was sent', async () => {
    const asked: string[] = [];
    const acquirers = {
      receptionEmail: async (q: { documentNumber: string }) => (
        asked.push(q.documentNumber),
        { email: 'recepcion@cliente.example', detail: 'registered' }
      ),
    };
    const inv = await recordAcceptedInvoice(world, request(), String(number++));
    await handler({ acquirers })(inv.rendered);
    expect(asked).toEqual(['900108281']);
    expect(catcher.mails[0]!.to).toEqual(['recepcion@cliente.example']);
    expect(
      (await loadInvoiceStream(world.store, inv.invoiceId)).events.find((e) => e.type === 'BuyerNotificationStarted')
        ?.data,
    ).toMatchObject({ source: 'dian_acquirer' });

    const none = await recordAcceptedInvoice(world, request(), String(number++));
    await handler()(none.rendered);
    expect(catcher.mails).toHaveLength(1);
    expect((await loadInvoiceStream(world.store, none.invoiceId)).events.at(-1)).toMatchObject({
      type: 'BuyerNotificationSkipped',
      data: { reason: 'no_address' },
    });
  });

  it('a resend request is a round of its own: a second mail, to the address it names', async () => {
    const inv = await recordAcceptedInvoice(world, request('compras@cliente.example'), String(number++));
    await handler()(inv.rendered);
    const resend = newInvoiceEvent(
      'BuyerNotificationRequested',
      { email: 'otra@cliente.example', requested_at: world.clock.now().toISOString() },
      inv.meta,
      world.clock,
    );
    await world.store.append(inv.invoiceId, [resend], 'stream_exists');
    await handler()(resend);
    await handler()(resend);
    expect(catcher.mails.map((m) => m.to[0])).toEqual(['compras@cliente.example', 'otra@cliente.example']);
    expect(readMail(catcher.mails[1]!.raw).messageId).not.toBe(readMail(catcher.mails[0]!.raw).messageId);
  });
});

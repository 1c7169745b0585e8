// Test support for the notifier's reaction (not exported): real embedded adapters (SQLite in memory,
// files in a temp dir), the demo tenant with an in-memory test credential, and an accepted invoice
// recorded as the signer, the submitter and the renderer leave it: signed XML, DIAN's AR and the PDF stored.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  creditNoteRequestedV2Data,
  invoiceRequestSchema,
  type Envelope,
  type InvoiceRenderedV1,
  type InvoiceRequestInput,
} from '@fe/contracts';
import { demoTenant } from '@fe/dian-domain';
import { buildCase } from '@fe/dian-domain/testing';
import {
  FilesystemBlobStore,
  invoiceStreamName,
  newInvoiceEvent,
  SignedLinks,
  SqliteEventStore,
  type Clock,
  type LogFields,
  type Logger,
} from '@fe/platform';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { makeTestIdentity } from '@fe/xades/testing';
import type { NotifyingTenants } from '../src/ports/notifying-tenants.ts';
import { signedApplicationResponse } from './application-response.ts';
import { creditNote } from './credit-note.ts';

const issuedAt = new Date('2026-03-10T15:15:00Z');
const clock: Clock = { now: () => new Date('2026-03-10T15:20:00.000Z') };
const identity = makeTestIdentity();
const credential = loadP12(identity.p12, identity.password, issuedAt);
const signer = createXadesSigner(credential);

export type LogEntry = { level: string; fields: LogFields; message: string };
function capturingLogger(entries: LogEntry[] = [], bound: LogFields = {}): Logger & { entries: LogEntry[] } {
  const at = (level: string) => (fields: LogFields, message: string) =>
    void entries.push({ level, fields: { ...bound, ...fields }, message });
  return {
    entries,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    child: (fields) => capturingLogger(entries, { ...bound, ...fields }),
  };
}

export const memoryTenants: NotifyingTenants = {
  profile: async (tenantId) => (tenantId === demoTenant.id ? { tenant: demoTenant } : undefined),
  credential: async (tenantId) => (tenantId === demoTenant.id ? credential : undefined),
};

export function makeWorld() {
  const dir = mkdtempSync(join(tmpdir(), 'fe-notifier-'));
  const store = new SqliteEventStore(':memory:');
  const blobs = new FilesystemBlobStore(join(dir, 'files'), new SignedLinks(randomBytes(32), 'http://127.0.0.1/files'));
  const logger = capturingLogger();
  return {
    dir,
    store,
    blobs,
    logger,
    clock,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type World = ReturnType<typeof makeWorld>;

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An accepted invoice with its PDF drawn; returns the InvoiceRendered that triggers the mail. */
export async function recordAcceptedInvoice(world: World, request: InvoiceRequestInput, number: string) {
  const built = buildCase(request, number, issuedAt);
  const tenantId = demoTenant.id;
  const documentId = built.documentId;
  const invoiceId = invoiceStreamName(tenantId, documentId);
  const meta = { tenantId, invoiceId, correlationId: `req-${documentId}`, causationId: `req-${documentId}` };
  const xml = signer.sign(built.xml, { signingTime: issuedAt }).xml;
  const ar = signedApplicationResponse(
    signer,
    { number: documentId, cufe: built.cufe },
    new Date(issuedAt.getTime() + 2000),
  );
  const pdf = Buffer.from(`%PDF-1.7 stand-in CUFE ${built.cufe}`);
  await world.blobs.put(`${tenantId}/${documentId}.xml`, xml, 'application/xml');
  await world.blobs.put(`${tenantId}/${documentId}.application-response.xml`, ar, 'application/xml');
  await world.blobs.put(`${tenantId}/${documentId}.pdf`, pdf, 'application/pdf');
  const requested = newInvoiceEvent(
    'InvoiceRequested',
    {
      request: invoiceRequestSchema.parse(request),
      prefix: 'SETP',
      number,
      document_id: documentId,
      resolution_id: '18760000001',
      environment: '2',
      issued_at: built.issuedAt,
      cufe: built.cufe,
      payable_amount: '1.00',
    },
    meta,
    clock,
  );
  const signed = newInvoiceEvent(
    'InvoiceSigned',
    {
      xml_key: `${tenantId}/${documentId}.xml`,
      xml_sha256: sha256(xml),
      signed_at: built.issuedAt,
      certificate_serial: '0badc0ffee',
    },
    meta,
    clock,
  );
  const accepted = newInvoiceEvent(
    'InvoiceAccepted',
    {
      track_id: built.cufe,
      status_code: '00',
      status_description: 'Procesado Correctamente.',
      status_message: 'autorizada',
      notifications: [],
      application_response_key: `${tenantId}/${documentId}.application-response.xml`,
      validated_at: built.issuedAt,
    },
    meta,
    clock,
  );
  const rendered: InvoiceRenderedV1 = newInvoiceEvent(
    'InvoiceRendered',
    { pdf_key: `${tenantId}/${documentId}.pdf`, pdf_sha256: sha256(pdf), pages: 1 },
    meta,
    clock,
  );
  await world.store.append(invoiceId, [requested, signed, accepted, rendered] as Envelope[], 'no_stream');
  return { invoiceId, documentId, cufe: built.cufe, xml, ar, rendered, meta };
}

/**
 * An accepted credit note with its PDF drawn, on its own stream; returns the InvoiceRendered that triggers the mail.
 */
export async function recordAcceptedCreditNote(world: World, email: string | undefined) {
  const tenantId = demoTenant.id;
  const { documentId, cude } = creditNote;
  const invoiceId = invoiceStreamName(tenantId, documentId);
  const meta = { tenantId, invoiceId, correlationId: `req-${documentId}`, causationId: `req-${documentId}` };
  const xml = signer.sign(creditNote.xml, { signingTime: issuedAt }).xml;
  const ar = signedApplicationResponse(signer, { number: documentId, cufe: cude }, new Date(issuedAt.getTime() + 2000));
  const pdf = Buffer.from(`%PDF-1.7 stand-in CUDE ${cude}`);
  await world.blobs.put(`${tenantId}/${documentId}.xml`, xml, 'application/xml');
  await world.blobs.put(`${tenantId}/${documentId}.application-response.xml`, ar, 'application/xml');
  await world.blobs.put(`${tenantId}/${documentId}.pdf`, pdf, 'application/pdf');
  const lines = [
    {
      code: 'SRV-001',
      name: 'Servicio de ejemplo gravado al 19%',
      quantity: 2,
      unit_price: 50000,
      taxes: [{ code: '01', name: 'IVA', rate: 19 }],
    },
  ];
  const requested = newInvoiceEvent(
    'CreditNoteRequested',
    creditNoteRequestedV2Data.parse({
      request: { invoice: { cufe: creditNote.invoice.cufe }, concept: '1', lines },
      prefix: 'NC',
      number: '1001',
      document_id: documentId,
      environment: '2',
      issued_at: '2025-03-12T08:30:00-05:00',
      cude,
      payable_amount: '119000.00',
      lines,
      referenced_invoice: {
        invoice_id: invoiceStreamName(tenantId, creditNote.invoice.documentId),
        document_id: creditNote.invoice.documentId,
        cufe: creditNote.invoice.cufe,
        issue_date: creditNote.invoice.issueDate,
      },
      payment: { method_code: '10' },
      customer: {
        document_type: '13',
        document_number: '1020304050',
        name: 'PERSONA NATURAL DE EJEMPLO',
        ...(email ? { email } : {}),
      },
    }),
    meta,
    clock,
  );
  const signed = newInvoiceEvent(
    'InvoiceSigned',
    {
      xml_key: `${tenantId}/${documentId}.xml`,
      xml_sha256: sha256(xml),
      signed_at: '2025-03-12T08:30:00-05:00',
      certificate_serial: '0badc0ffee',
    },
    meta,
    clock,
  );
  const accepted = newInvoiceEvent(
    'InvoiceAccepted',
    {
      track_id: cude,
      status_code: '00',
      status_description: 'Procesado Correctamente.',
      status_message: 'autorizada',
      notifications: [],
      application_response_key: `${tenantId}/${documentId}.application-response.xml`,
      validated_at: '2025-03-12T08:30:02-05:00',
    },
    meta,
    clock,
  );
  const rendered: InvoiceRenderedV1 = newInvoiceEvent(
    'InvoiceRendered',
    { pdf_key: `${tenantId}/${documentId}.pdf`, pdf_sha256: sha256(pdf), pages: 1 },
    meta,
    clock,
  );
  await world.store.append(invoiceId, [requested, signed, accepted, rendered] as Envelope[], 'no_stream');
  return { invoiceId, documentId, cude, rendered };
}

// Test support for the signer's reaction (not exported from the package): real embedded adapters
// (SQLite in memory, the in-process bus, files in a temp dir), a tenant directory in memory, a
// logger that keeps what it was given, and InvoiceRequested events built the way ingress builds them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  invoiceRequestSchema, topics, type CreditNoteRequestedV1, type DebitNoteRequestedV1, type Envelope, type InvoiceEvent,
  type InvoiceRequestInput, type InvoiceRequestedV1,
} from '@fe/contracts';
import {
  CURRENT_BUILD_RULES, buildInvoiceXml, colombiaDateTime, demoResolution, demoSoftware, demoTenant, checkNoteDocument, money, noteIdentity, validateInvoiceRequest, type BuildRules, type NoteContent,
} from '@fe/dian-domain';
import { noteInput } from '@fe/dian-domain/test-fixtures/notes';
import {
  FilesystemBlobStore, InProcessEventBus, SignedLinks, SqliteEventStore, invoiceStreamName, loadInvoiceStream, newInvoiceEvent,
  type Clock, type DeliveredMessage, type LogFields, type Logger,
} from '@fe/platform';
import type { SigningCredential } from '@fe/xades';
import type { SigningTenants } from './signing-tenants.ts';

export type LogEntry = { level: 'info' | 'warn' | 'error' | 'debug'; fields: LogFields; message: string };

/** A Logger that records every call, children's included, with their bound fields merged in. */
export function capturingLogger(entries: LogEntry[] = [], bound: LogFields = {}): Logger & { entries: LogEntry[] } {
  const at = (level: LogEntry['level']) => (fields: LogFields, message: string) => void entries.push({ level, fields: { ...bound, ...fields }, message });
  return {
    entries, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'),
    child: (fields) => capturingLogger(entries, { ...bound, ...fields }),
  };
}

export const testClock: Clock = { now: () => new Date('2026-03-10T15:16:00.000Z') };

export function makeWorld() {
  const dir = mkdtempSync(join(tmpdir(), 'fe-signer-service-'));
  const store = new SqliteEventStore(':memory:');
  const bus = new InProcessEventBus({ partitions: 3 });
  const blobs = new FilesystemBlobStore(dir, new SignedLinks(randomBytes(32), 'http://127.0.0.1/files'));
  const logger = capturingLogger();
  return {
    dir, store, bus, blobs, logger, clock: testClock,
    async close() {
      await bus.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type World = ReturnType<typeof makeWorld>;

/** The demo tenant with one credential source; `credential` may throw as a real directory does. */
export function memoryTenants(credential: (at: Date) => SigningCredential | undefined): SigningTenants & {
  authenticate(apiKey: string): Promise<{ tenantId: string } | undefined>;
} {
  const profile = { tenant: demoTenant, environment: '2' as const, software: demoSoftware, resolutions: [demoResolution], activeResolutionId: demoResolution.id, hasCertificate: true };
  return {
    authenticate: async () => undefined,
    profile: async (tenantId) => (tenantId === demoTenant.id ? profile : undefined),
    credential: async (tenantId, at) => (tenantId === demoTenant.id ? credential(at) : undefined),
  };
}

/**
 * 20 lines of 0.03 at 19 %: build rules 1 (each line's tax rounded: 20 × 0.01) and 2 (the subtotal
 * rounded once: 0.11) disagree. OLD_RULES_CUFE is what the code before issue 14 (the parent of
 * b87082b) recorded for it as invoice SETP990000290 at `issuedAt`: its own output, not recomputed.
 */
export const smallLinesRequest: InvoiceRequestInput = {
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
  lines: Array.from({ length: 20 }, (_, i) => ({ code: `P-${i + 1}`, name: `Producto ${i + 1}`, quantity: 1, unit_price: '0.03', taxes: [{ code: '01' as const, name: 'IVA', rate: 19 }] })),
  payment: { method_code: '10' },
};
export const OLD_RULES_CUFE = 'f4aae2f108208e0e6d81703ad2282a2c6cf90e7011c2a5934486d681b4f526c140d4471eb88f81549253f78732d74677';

/**
 * InvoiceRequested for the demo tenant, with the CUFE of the document ingress would have built.
 * `rules` is the build rules version it was built with and records (today's by default); `recorded:
 * false` leaves `build_rules` out, as ingress did before the field existed.
 */
export function requestedEvent(
  input: InvoiceRequestInput, number: string, issuedAt: Date, options: { rules?: BuildRules; recorded?: boolean } = {},
): InvoiceRequestedV1 {
  const rules = options.rules ?? CURRENT_BUILD_RULES;
  const request = invoiceRequestSchema.parse(input);
  const validated = validateInvoiceRequest(request, { issueDate: colombiaDateTime(issuedAt).date, buildRules: rules });
  if (!validated.ok) throw new Error(`fixture is invalid: ${validated.error.code}`);
  const built = buildInvoiceXml({
    invoice: validated.value, tenant: demoTenant, resolution: demoResolution, number, software: demoSoftware, environment: '2', issuedAt,
  });
  const invoiceId = invoiceStreamName(demoTenant.id, built.documentId);
  const meta = { tenantId: demoTenant.id, invoiceId, correlationId: 'req-test', causationId: 'req-test' };
  return newInvoiceEvent('InvoiceRequested', {
    request, prefix: demoResolution.prefix, number, document_id: built.documentId, resolution_id: demoResolution.id,
    environment: '2', issued_at: built.issuedAt, cufe: built.cufe, payable_amount: money(validated.value.totals.payable),
    ...(options.recorded === false ? {} : { build_rules: rules }),
  }, meta, testClock);
}

/**
 * A note's first event for the demo tenant (CreditNoteRequested or DebitNoteRequested, on the note's
 * own stream), with the CUDE ingress computes: noteIdentity over the note's content, totalled with
 * `rules` and recording it when given (left out, as notes were recorded before the field).
 */
export function noteRequestedEvent(content: Extract<NoteContent, { kind: 'credit' }>, number: string, issuedAt: Date, rules?: BuildRules): CreditNoteRequestedV1;
export function noteRequestedEvent(content: Extract<NoteContent, { kind: 'debit' }>, number: string, issuedAt: Date, rules?: BuildRules): DebitNoteRequestedV1;
export function noteRequestedEvent(content: NoteContent, number: string, issuedAt: Date, rules?: BuildRules): CreditNoteRequestedV1 | DebitNoteRequestedV1 {
  const input = noteInput(content, number, issuedAt);
  if (rules !== undefined) {
    const checked = checkNoteDocument(content, rules);
    if (!checked.ok) throw new Error(`fixture is invalid: ${checked.error.code}`);
    input.note = checked.value;
  }
  const identity = noteIdentity(input);
  const invoiceId = invoiceStreamName(demoTenant.id, identity.documentId);
  const meta = { tenantId: demoTenant.id, invoiceId, correlationId: 'req-test', causationId: 'req-test' };
  const data = {
    prefix: input.prefix, number, document_id: identity.documentId, environment: '2' as const, issued_at: identity.issuedAt,
    cude: identity.cude, payable_amount: identity.payableAmount, referenced_invoice: content.referenced_invoice, lines: content.lines,
    ...(rules !== undefined ? { build_rules: rules } : {}),
  };
  return content.kind === 'credit'
    ? newInvoiceEvent('CreditNoteRequested', { ...data, request: content.request }, meta, testClock)
    : newInvoiceEvent('DebitNoteRequested', { ...data, request: content.request }, meta, testClock);
}

/** What the relay does: the event is stored first, then published keyed by its invoice. */
export async function appendAndPublish(world: World, event: InvoiceEvent): Promise<void> {
  await world.store.append(event.invoice_id!, [event as Envelope], 'no_stream');
  await publish(world.bus, event);
}

export const publish = (bus: InProcessEventBus, event: InvoiceEvent) =>
  bus.publish(topics.invoiceEvents.name, [{ key: event.invoice_id!, value: event as Envelope }]);

export async function eventsOfType(store: SqliteEventStore, stream: string, type: string) {
  return (await loadInvoiceStream(store, stream)).events.filter((e) => e.type === type);
}

/** Collects what lands on the invoice topic's dead-letter topic. */
export async function deadLetters(bus: InProcessEventBus): Promise<DeliveredMessage[]> {
  const received: DeliveredMessage[] = [];
  await bus.subscribe({ topic: `${topics.invoiceEvents.name}.dlq`, group: 'test.dlq', handler: async (m) => void received.push(m) });
  return received;
}

/** Polls until `probe` returns something truthy; fails the test after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

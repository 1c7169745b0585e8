// The world a reaction's tests run in: real embedded adapters (SQLite in memory, the in-process
// bus, files in a temp dir), a logger that keeps what it was given, and first events built the
// way ingress builds them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  invoiceRequestSchema,
  topics,
  type CreditNoteRequestedV3,
  type DebitNoteRequestedV3,
  type Envelope,
  type InvoiceEvent,
  type InvoiceRequestInput,
  type InvoiceRequestedV3,
} from '@fe/contracts';
import {
  CURRENT_BUILD_RULES,
  buildInvoiceXml,
  colombiaDateTime,
  demoResolution,
  demoSoftware,
  demoTenant,
  checkNoteDocument,
  money,
  noteIdentity,
  validateInvoiceRequest,
  type BuildRules,
  type NoteContent,
} from '@fe/dian-domain';
import { noteInput } from '@fe/dian-domain/testing';
import {
  FilesystemBlobStore,
  InProcessEventBus,
  SignedLinks,
  SqliteEventStore,
  invoiceStreamName,
  loadInvoiceStream,
  newInvoiceEvent,
  type Clock,
  type DeliveredMessage,
  type LogFields,
  type Logger,
} from '@fe/platform';

export type LogEntry = { level: 'info' | 'warn' | 'error' | 'debug'; fields: LogFields; message: string };

/** A Logger that records every call, children's included, with their bound fields merged in. */
export function capturingLogger(entries: LogEntry[] = [], bound: LogFields = {}): Logger & { entries: LogEntry[] } {
  const at = (level: LogEntry['level']) => (fields: LogFields, message: string) =>
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

export const testClock: Clock = { now: () => new Date('2026-03-10T15:16:00.000Z') };

export function makeWorld() {
  const dir = mkdtempSync(join(tmpdir(), 'fe-reaction-world-'));
  const store = new SqliteEventStore(':memory:');
  const bus = new InProcessEventBus({ partitions: 3 });
  const blobs = new FilesystemBlobStore(dir, new SignedLinks(randomBytes(32), 'http://127.0.0.1/files'));
  const logger = capturingLogger();
  return {
    dir,
    store,
    bus,
    blobs,
    logger,
    clock: testClock,
    async close() {
      await bus.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type World = ReturnType<typeof makeWorld>;

/**
 * InvoiceRequested for the demo tenant with the CUFE ingress would compute; `recorded: false` leaves `build_rules`
 * out, as older events do.
 */
export function requestedEvent(
  input: InvoiceRequestInput,
  number: string,
  issuedAt: Date,
  options: { rules?: BuildRules; recorded?: boolean } = {},
): InvoiceRequestedV3 {
  const rules = options.rules ?? CURRENT_BUILD_RULES;
  const request = invoiceRequestSchema.parse(input);
  const validated = validateInvoiceRequest(request, { issueDate: colombiaDateTime(issuedAt).date, buildRules: rules });
  if (!validated.ok) throw new Error(`fixture is invalid: ${validated.error.code}`);
  const built = buildInvoiceXml({
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number,
    software: demoSoftware,
    environment: '2',
    issuedAt,
  });
  const invoiceId = invoiceStreamName(demoTenant.id, built.documentId);
  const meta = { tenantId: demoTenant.id, invoiceId, correlationId: 'req-test', causationId: 'req-test' };
  return newInvoiceEvent(
    'InvoiceRequested',
    {
      request,
      prefix: demoResolution.prefix,
      number,
      document_id: built.documentId,
      resolution_id: demoResolution.id,
      environment: '2',
      issued_at: built.issuedAt,
      cufe: built.cufe,
      payable_amount: money(validated.value.totals.payable),
      ...(options.recorded === false ? {} : { build_rules: rules }),
    },
    meta,
    testClock,
  );
}

/** A note's first event for the demo tenant with the CUDE ingress computes, totalled with `rules`. */
export function noteRequestedEvent(
  content: Extract<NoteContent, { kind: 'credit' }>,
  number: string,
  issuedAt: Date,
  rules?: BuildRules,
): CreditNoteRequestedV3;
export function noteRequestedEvent(
  content: Extract<NoteContent, { kind: 'debit' }>,
  number: string,
  issuedAt: Date,
  rules?: BuildRules,
): DebitNoteRequestedV3;
export function noteRequestedEvent(
  content: NoteContent,
  number: string,
  issuedAt: Date,
  rules?: BuildRules,
): CreditNoteRequestedV3 | DebitNoteRequestedV3 {
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
    prefix: input.prefix,
    number,
    document_id: identity.documentId,
    environment: '2' as const,
    issued_at: identity.issuedAt,
    cude: identity.cude,
    payable_amount: identity.payableAmount,
    referenced_invoice: content.referenced_invoice,
    customer: content.customer,
    payment: content.payment,
    lines: content.lines,
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
  await bus.subscribe({
    topic: `${topics.invoiceEvents.name}.dlq`,
    group: 'test.dlq',
    handler: async (m) => void received.push(m),
  });
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

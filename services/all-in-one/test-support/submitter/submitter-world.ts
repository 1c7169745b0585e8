// The submitter wired as the embedded shape wires it, against a REAL DIAN simulator on loopback:
// SQLite event store, in-process bus with the relay publishing what is appended, filesystem blob
// store, an in-memory tenant directory with a test certificate the simulator trusts, and a counting
// proxy between the service and the simulator (dian-proxy.ts). Invoices are produced the real way:
// the UBL builder, the XAdES signer, the blob store, InvoiceRequested + InvoiceSigned appended.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  invoiceRequestSchema,
  topics,
  type Envelope,
  type InvoiceEvent,
  type InvoiceRequestInput,
} from '@fe/contracts';
import { buildCase } from '@fe/dian-domain/testing';
import { SqliteFileCounter } from '@fe/dian-client';
import { readInvoiceDocument } from '@fe/dian-xml';
import { ephemeralIdentity, simulatorConfig, startDianSimulator, type DianSimulator } from '@fe/dian-simulator';
import {
  FilesystemBlobStore,
  InProcessEventBus,
  loadInvoiceStream,
  newInvoiceEvent,
  SignedLinks,
  SqliteCheckpointStore,
  SqliteEventStore,
  invoiceStreamName,
  startRelay,
  systemClock,
  type Relay,
  type ServiceModule,
} from '@fe/platform';
import { createXadesSigner, loadP12, type SigningCredential } from '@fe/xades';
import type { z } from 'zod';
import { makeTestIdentity } from '@fe/xades/testing';
import {
  createSubmitterService,
  SqliteEventCheckSchedule,
  SqliteSubmissionSchedule,
  submitterConfigSchema,
  type SubmitterPorts,
  type SubmitterService,
} from '@fe/submitter';
import { startDianProxy, type DianProxy } from './dian-proxy.ts';
import {
  createInMemoryTenantDirectory,
  demoProfile,
  type InMemoryTenantDirectory,
} from './in-memory-tenant-directory.ts';
import { createRecordingLogger, type RecordingLogger } from '@fe/platform/testing';

type ConfigInput = z.input<typeof submitterConfigSchema>;

const request: InvoiceRequestInput = {
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
  lines: [
    { code: 'P-1', name: 'Producto 1', quantity: 2, unit_price: 50000, taxes: [{ code: '01', name: 'IVA', rate: 19 }] },
    { code: 'P-2', name: 'Producto 2', quantity: 1, unit_price: 1000, taxes: [] },
  ],
  payment: { method_code: '10' },
};

// A random point of the shared test range per run, as the reference advises.
let nextNumber = 990_000_000 + Math.floor(Math.random() * 4_000_000);

type IssuedInvoice = { invoiceId: string; documentId: string; cufe: string; xmlKey: string };

export type SubmitterWorld = {
  simulator: DianSimulator;
  proxy: DianProxy;
  store: SqliteEventStore;
  bus: InProcessEventBus;
  blobs: FilesystemBlobStore;
  tenants: InMemoryTenantDirectory;
  logger: RecordingLogger;
  credential: SigningCredential;
  /** The certificate the simulator signs its ApplicationResponses with (DIAN's, for the submitter's anchor). */
  simulatorCertificatePem: string;
  /** The retry schedule's file: each service opens its own schedule on it, as a restarted process would. */
  scheduleDbPath: string;
  /** A submitter service on these ports; the defaults retry fast (base 50 ms, no jitter). */
  /**
   * A submitter on the world; `testSetFor` as SubmitterPorts' (a tenant's habilitación test-set run); `tenants` in
   * place of the world's directory (one that stalls, say).
   */
  service(
    config?: ConfigInput,
    ports?: Pick<SubmitterPorts, 'testSetFor' | 'trustedDianPem' | 'radianToday'> &
      Partial<Pick<SubmitterPorts, 'tenants'>>,
  ): SubmitterService;
  /**
   * `apartFrom`: skip numbers until the invoice's bus partition differs from that invoice's (one partition is handled
   * in order).
   */
  issue(options?: {
    mutate?: (xml: string) => string;
    tenantId?: string;
    apartFrom?: string;
    idempotencyKey?: string;
    /** Sold on credit, due that day (a título valor's invoice); cash by default. */
    dueDate?: string;
  }): Promise<IssuedInvoice>;
  events(invoiceId: string): Promise<InvoiceEvent[]>;
  /** Polls the stream until `done` holds (or fails after `timeoutMs`). */
  waitFor(invoiceId: string, done: (events: InvoiceEvent[]) => boolean, timeoutMs?: number): Promise<InvoiceEvent[]>;
  /** Publishes an already recorded event again, as a redelivery would. */
  republish(event: InvoiceEvent): Promise<void>;
  close(): Promise<void>;
};

export async function startSubmitterWorld(): Promise<SubmitterWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'submitter-world-'));
  // keyCertSign too: the simulator's trust store takes the self-signed certificate as its own CA, and
  // OpenSSL only accepts an issuer whose key usage allows signing certificates.
  const identity = makeTestIdentity({
    organization: 'EMPRESA DEMO S.A.S.',
    keyUsage: { digitalSignature: true, nonRepudiation: true, keyCertSign: true },
  });
  const credential = loadP12(identity.p12, identity.password, new Date());
  // The XSD check is off: this world tests the submitter, not DIAN's schema.
  const simulatorIdentity = ephemeralIdentity(new Date());
  const simulator = await startDianSimulator(
    simulatorConfig({ identity: simulatorIdentity, trustedCaPems: [identity.certPem] }, { schemaValidation: 'off' }),
    { port: 0 },
  );
  const proxy = await startDianProxy(simulator.endpoint);
  const logger = createRecordingLogger();
  const store = new SqliteEventStore(':memory:');
  const bus = new InProcessEventBus();
  const blobs = new FilesystemBlobStore(
    join(dir, 'blobs'),
    new SignedLinks(randomBytes(32), 'http://127.0.0.1:8080/files'),
  );
  const tenants = createInMemoryTenantDirectory({ demo: { profile: demoProfile('demo'), credential } });
  const relay: Relay = startRelay({
    name: 'relay.invoice-events',
    store,
    bus,
    checkpoints: new SqliteCheckpointStore(':memory:'),
    logger,
    idleMs: 10,
    route: (e) =>
      e.envelope.invoice_id ? { topic: topics.invoiceEvents.name, key: e.envelope.invoice_id } : undefined,
  });
  const scheduleDbPath = join(dir, 'submitter-schedule.db');
  const services: ServiceModule[] = [];
  const schedules: { close(): Promise<void> }[] = [];
  const signer = createXadesSigner(credential);

  const world: SubmitterWorld = {
    simulator,
    proxy,
    store,
    bus,
    blobs,
    tenants,
    logger,
    credential,
    scheduleDbPath,
    simulatorCertificatePem: simulatorIdentity.certificatePem,
    service(config = {}, ports = {}) {
      const parsed = submitterConfigSchema.parse({
        endpoints: { habilitacion: proxy.endpoint, production: proxy.endpoint },
        sweepIntervalMs: 20,
        ...config,
        retry: { baseDelayMs: 50, maxDelayMs: 400, jitter: 0, ...config.retry },
        client: { timeoutMs: 5_000, ...config.client },
      });
      const schedule = new SqliteSubmissionSchedule(scheduleDbPath);
      const eventChecks = new SqliteEventCheckSchedule(scheduleDbPath);
      const fileCounter = new SqliteFileCounter(scheduleDbPath);
      schedules.push(schedule, eventChecks, fileCounter);
      const service = createSubmitterService(
        {
          store,
          bus,
          blobs,
          clock: systemClock,
          logger,
          schedule,
          eventChecks,
          fileCounter,
          ...ports,
          tenants: ports.tenants ?? tenants,
        },
        parsed,
      );
      services.push(service);
      return service;
    },
    async issue(options = {}) {
      const tenantId = options.tenantId ?? 'demo';
      const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      let number = String(nextNumber++);
      const asked = options.dueDate
        ? { ...request, payment: { method_code: '31', due_date: options.dueDate } }
        : request;
      let built = buildCase(asked, number, issuedAt);
      while (
        options.apartFrom &&
        bus.partitionOf(invoiceStreamName(tenantId, built.documentId)) === bus.partitionOf(options.apartFrom)
      ) {
        number = String(nextNumber++);
        built = buildCase(asked, number, issuedAt);
      }
      const signed = signer.sign(options.mutate ? options.mutate(built.xml) : built.xml, { signingTime: issuedAt });
      const invoiceId = invoiceStreamName(tenantId, built.documentId);
      const xmlKey = `${tenantId}/${built.documentId}.xml`;
      await blobs.put(xmlKey, signed.xml, 'application/xml');
      const meta = { tenantId, invoiceId, correlationId: `req-${number}`, causationId: `req-${number}` };
      const requested = newInvoiceEvent(
        'InvoiceRequested',
        {
          request: invoiceRequestSchema.parse(asked),
          prefix: 'SETP',
          number,
          document_id: built.documentId,
          resolution_id: 'demo-setp',
          environment: '2',
          issued_at: built.issuedAt,
          cufe: built.cufe,
          payable_amount: readInvoiceDocument(built.xml).payableAmount!,
          ...(options.idempotencyKey ? { idempotency_key: options.idempotencyKey } : {}),
        },
        meta,
        systemClock,
      );
      const signedEvent = newInvoiceEvent(
        'InvoiceSigned',
        {
          xml_key: xmlKey,
          xml_sha256: 'e'.repeat(64),
          signed_at: new Date().toISOString(),
          certificate_serial: '0badc0ffee',
        },
        { ...meta, causationId: requested.id },
        systemClock,
      );
      await store.append(invoiceId, [asEnvelope(requested), asEnvelope(signedEvent)], 'no_stream');
      return { invoiceId, documentId: built.documentId, cufe: built.cufe, xmlKey };
    },
    events: async (invoiceId) => (await loadInvoiceStream(store, invoiceId)).events,
    async waitFor(invoiceId, done, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const events = await world.events(invoiceId);
        if (done(events)) return events;
        if (Date.now() > deadline)
          throw new Error(`timed out; the stream holds ${events.map((e) => e.type).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    },
    republish: (event) =>
      bus.publish(topics.invoiceEvents.name, [{ key: event.invoice_id!, value: asEnvelope(event) }]),
    async close() {
      for (const s of services) await s.stop();
      for (const s of schedules) await s.close();
      await relay.stop();
      await bus.close();
      await store.close();
      await proxy.close();
      await simulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}

/** See record-outcome.ts: the inferred event type and Envelope differ only by an absent key. */
function asEnvelope(event: InvoiceEvent): Envelope {
  const { invoice_id: invoiceId, ...rest } = event;
  return invoiceId === undefined ? rest : { ...rest, invoice_id: invoiceId };
}

export const typesOf = (events: readonly InvoiceEvent[]) => events.map((e) => e.type);

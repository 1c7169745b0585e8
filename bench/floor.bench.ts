// `pnpm bench:floor`: what the work the domain requires for one accepted invoice costs, with nothing else paid (no
// HTTP, no worker threads, no bus): the project's own functions called on one thread, invoices in batches, CPU per
// step and in RSA-2048 signatures measured in the same run, so it reads against the service's figure
// (docs/benchmarks.md).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, InvoiceRequestedV3, InvoiceSignedV1 } from '@fe/contracts';
import { buildAttachedDocument, buildInvoiceXml, demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { composeMail } from '@fe/mail';
import { SqliteEventStore, invoiceStreamName, metaCausedBy, newInvoiceEvent, systemClock } from '@fe/platform';
import { readInvoiceView, renderInvoicePdf } from '@fe/renderer';
import { createXadesSigner, signDeliveredForm, verifyApplicationResponseSignature, type SignOptions } from '@fe/xades';
import {
  SqliteFileCounter,
  buildSoapRequest,
  dianFileName,
  packageDocument,
  parseDianResponse,
  readSoapEnvelope,
  recordedDocumentFacts,
  writeZip,
  type DianFileNames,
  type DianResponse,
  type FileCounter,
} from '../packages/dian-client/src/index.ts';
import { createSimulatorDispatcher, createStore, SERVICE_PATH } from '../services/dian-simulator/src/index.ts';
import { makeWorld } from '../services/dian-simulator/test-support/world.ts';
import { decideRequest, requestedData } from '../services/ingress/src/index.ts';
import { deliveryFileNames, deliverySubject } from '../services/notifier/src/index.ts';
import { applicationResponseInstant } from '../services/submitter/src/index.ts';
import { benchRequest } from './lib/bench-request.ts';
import { blobFiles, blobTable } from './lib/floor-blobs.ts';
import { primitiveCosts, type FloorSample, type PrimitiveStep } from './lib/floor-primitives.ts';
import { watchGc } from './lib/gc-time.ts';
import { rsa2048CpuMs } from './lib/rsa-baseline.ts';
import { StepCpu } from './lib/step-cpu.ts';
import { cpuPerUnit, threadCpuSnapshot } from './lib/thread-cpu.ts';

const INVOICES = Number(process.env.FLOOR_INVOICES ?? 400);
const WARMUP = Number(process.env.FLOOR_WARMUP ?? 48);
const BATCH = Number(process.env.FLOOR_BATCH ?? 16);
const XSD = process.env.FLOOR_XSD === '1';
const BLOBS_IN_SQLITE = process.env.FLOOR_BLOBS === 'sqlite';

const SIMULATOR_STEP = "DIAN's judgement (simulator: unzip, verify, rules, AR signed)";
/** The steps whose cryptography, hashing and compression `primitiveCosts` prices alone. */
const STEP: Record<PrimitiveStep, string> = {
  xades: 'XAdES-EPES signature',
  dianZip: 'zip for DIAN',
  simulator: SIMULATOR_STEP,
  answerCheck: "DIAN's answer: read, AR signature and anchor checked",
  pdf: 'PDF with its QR code (XML read, drawn)',
  attachedDocument: 'AttachedDocument, signed',
  buyerZip: "buyer's zip (AttachedDocument deflated, PDF stored)",
  mail: "buyer's mail (MIME, base64)",
};
const WRITE_STEPS = ['blobs: written', 'blobs: made durable', 'SQLite commits: events, file counter'];

const world = makeWorld();
const dir = mkdtempSync(join(tmpdir(), 'fe-floor-'));
const endpoint = `http://127.0.0.1:8081${SERVICE_PATH}`;
const tenant = demoTenant;
// The embedded default's simulator signs its answers with an ECDSA P-256 identity; a store that keeps nothing, so
// every call is a first submission (what DIAN keeps is DIAN's cost).
const judge = createSimulatorDispatcher(
  world.config({ schemaValidation: XSD ? 'on' : 'off' }, world.ecIdentity),
  createStore(0),
);
const dianAnchorPem = world.ecIdentity.certificatePem;
const signer = createXadesSigner(world.tenant);
// The service signs the AttachedDocument's RSA on libuv's pool; here it stays on this thread, where its step is read.
const signerOnThisThread = {
  ...signer,
  signOffThread: (xml: string, options: SignOptions) => Promise.resolve(signer.sign(xml, options)),
};
const certificateSerial = world.tenant.chain[0].serialNumber;
const requestBody = JSON.stringify(benchRequest);
const profile = {
  tenant,
  environment: '2' as const,
  software: demoSoftware,
  resolutions: [demoResolution],
  activeResolutionId: demoResolution.id,
  hasCertificate: true,
};
// The demo tenant has an address; the service would use FE_MAIL_FROM for one without.
const senderAddress = tenant.email ?? 'facturacion@fe.example';
const blobs = BLOBS_IN_SQLITE ? blobTable(join(dir, 'blobs.sqlite')) : blobFiles(join(dir, 'blobs'), tenant.id);
const store = new SqliteEventStore(join(dir, 'events.sqlite'));
const counter = new SqliteFileCounter(join(dir, 'file-counter.sqlite'));
let nextNumber = Number(demoResolution.from) + Math.floor(Math.random() * 4_000_000);

/** One invoice between the batch's two durable points. */
type InFlight = {
  stream: string;
  requested: InvoiceRequestedV3;
  signed: InvoiceSignedV1;
  signedXml: string;
  names: Promise<{ dian: DianFileNames; attached: DianFileNames }>;
};

/** The version of BuyerNotificationStarted: requested, signed, submitted, accepted, rendered, started. */
const AFTER_STARTED = 5n;

/** What the batch before left to record: BuyerNotified once its mails left, in the next batch's first commit. */
let notified: { stream: string; event: Envelope }[] = [];

/** The last invoice's artefacts, for pricing its primitives. */
let sample: FloorSample | undefined;

async function runBatch(steps: StepCpu, size: number): Promise<void> {
  const batch: InFlight[] = [];
  for (let i = 0; i < size; i++) batch.push(requestAndSign(steps));
  await steps.timeAsync(WRITE_STEPS[1]!, () => blobs.durable());
  // Durable point 1: the number (InvoiceRequested), the signature's record and the file names, before DIAN sees it.
  await steps.timeAsync(WRITE_STEPS[2]!, () =>
    Promise.all([
      ...notified.map((n) => store.append(n.stream, [n.event], AFTER_STARTED)),
      ...batch.map((f) => store.append(f.stream, [f.requested as Envelope, f.signed as Envelope], 'no_stream')),
      ...batch.map((f) => f.names),
    ]),
  );
  const recorded: { stream: string; events: Envelope[] }[] = [];
  const mailed: { stream: string; meta: ReturnType<typeof metaCausedBy> }[] = [];
  for (const f of batch) {
    recorded.push({ stream: f.stream, events: await submitRenderMail(steps, f) });
    mailed.push({ stream: f.stream, meta: metaCausedBy(f.signed) });
  }
  await steps.timeAsync(WRITE_STEPS[1]!, () => blobs.durable());
  // Durable point 2: the verdict, the PDF's record and BuyerNotificationStarted, before any mail leaves.
  await steps.timeAsync(WRITE_STEPS[2]!, () => Promise.all(recorded.map((r) => store.append(r.stream, r.events, 1n))));
  // The mails are handed to the transport here (SMTP, or the embedded outbox): not the domain's work, not counted.
  notified = steps.time('events: envelopes, digests', () =>
    mailed.map((m) => ({
      stream: m.stream,
      event: newInvoiceEvent(
        'BuyerNotified',
        {
          email: benchRequest.customer.email,
          message_id: messageIdOf(m.stream),
          notified_at: new Date().toISOString(),
        },
        m.meta,
        systemClock,
      ) as Envelope,
    })),
  );
}

/** The request read and checked, the UBL with its CUFE, its XAdES signature and the signed XML's blob. */
function requestAndSign(steps: StepCpu): InFlight {
  const number = String(nextNumber++);
  const accepted = steps.time('request: read and checked (ingress)', () => {
    const decided = decideRequest(JSON.parse(requestBody), profile, new Date());
    if (!decided.ok) throw new Error(`the bench request is invalid: ${decided.error.code}`);
    return decided.value;
  });
  const { issuedAt } = accepted;
  const data = steps.time('InvoiceRequested data (ingress: its CUFE)', () =>
    requestedData(accepted, profile, number, undefined),
  );
  const built = steps.time('UBL with its CUFE', () =>
    buildInvoiceXml({
      invoice: accepted.invoice,
      tenant,
      resolution: accepted.resolution,
      number,
      software: demoSoftware,
      environment: '2',
      issuedAt,
    }),
  );
  if (built.cufe !== data.cufe) throw new Error('the UBL and the recorded request disagree on the CUFE');
  const stream = invoiceStreamName(tenant.id, built.documentId);
  const requested = steps.time('events: envelopes, digests', () =>
    newInvoiceEvent(
      'InvoiceRequested',
      data,
      { tenantId: tenant.id, invoiceId: stream, correlationId: 'floor', causationId: 'floor' },
      systemClock,
    ),
  );
  const signed = steps.time(STEP.xades, () => signer.sign(built.xml, { signingTime: issuedAt, uuid: requested.id }));
  const xmlKey = `${tenant.id}/${built.documentId}.xml`;
  const bytes = steps.time(WRITE_STEPS[0]!, () => {
    const xml = Buffer.from(signed.xml, 'utf8');
    blobs.put(xmlKey, xml);
    return xml;
  });
  const signedEvent = steps.time('events: envelopes, digests', () =>
    newInvoiceEvent(
      'InvoiceSigned',
      {
        xml_key: xmlKey,
        xml_sha256: createHash('sha256').update(bytes).digest('hex'),
        signed_at: signed.signingTime,
        certificate_serial: certificateSerial,
      },
      metaCausedBy(requested),
      systemClock,
    ),
  );
  return {
    stream,
    requested,
    signed: signedEvent,
    signedXml: signed.xml,
    names: steps.time('SQLite commits: events, file counter', () => allocateNames(counter, stream, issuedAt)),
  };
}

/** The four names an accepted invoice takes (its XML and zip to DIAN, the AttachedDocument and its zip), one turn. */
async function allocateNames(
  fileCounter: FileCounter,
  owner: string,
  issuedAt: Date,
): Promise<{ dian: DianFileNames; attached: DianFileNames }> {
  const year = issuedAt.getUTCFullYear();
  const nit = tenant.nit;
  const [fv, fvZip, ad, adZip] = await Promise.all([
    fileCounter.allocate({ nit, kind: 'fv', year, owner }),
    fileCounter.allocate({ nit, kind: 'z', year, owner: `${owner}:fv` }),
    fileCounter.allocate({ nit, kind: 'ad', year, owner }),
    fileCounter.allocate({ nit, kind: 'z', year, owner: `${owner}:ad` }),
  ]);
  const name = (kind: 'fv' | 'ad' | 'z', n: { year: number; consecutive: number }) => dianFileName({ kind, nit, ...n });
  return {
    dian: { xml: name('fv', fv), zip: name('z', fvZip) },
    attached: { xml: name('ad', ad), zip: name('z', adZip) },
  };
}

/** DIAN's round trip without the socket, the answer checked, the PDF, the AttachedDocument and the buyer's mail. */
async function submitRenderMail(steps: StepCpu, f: InFlight): Promise<Envelope[]> {
  const names = await f.names;
  const now = new Date();
  const packaged = steps.time(STEP.dianZip, () => {
    const facts = recordedDocumentFacts([f.requested], tenant.nit);
    return packageDocument(f.signedXml, { modified: now, names: names.dian, ...(facts ? { facts } : {}) });
  });
  const soap = steps.time('SOAP request (WS-Security)', () => {
    const parameters: [string, string][] = [
      ['fileName', packaged.zip.fileName],
      ['contentFile', Buffer.from(packaged.zip.content).toString('base64')],
    ];
    return buildSoapRequest('SendBillSync', parameters, { credential: world.ws, endpoint, now, ttlSeconds: 300 });
  });
  const answer = steps.time(SIMULATOR_STEP, () => judge(soap.body, endpoint));
  const { verdict, ar, validatedAt } = steps.time(STEP.answerCheck, () => checkedAnswer(answer.body));
  const arKey = `${tenant.id}/${f.requested.data.document_id}.application-response.xml`;
  steps.time(WRITE_STEPS[0]!, () => blobs.put(arKey, Buffer.from(ar, 'utf8')));

  const pdf = steps.time(STEP.pdf, () =>
    renderInvoicePdf(
      readInvoiceView(f.signedXml, { validatedAt, softwareProviderName: demoSoftware.providerName ?? '' }),
    ),
  );
  const pdfKey = `${tenant.id}/${f.requested.data.document_id}.pdf`;
  steps.time(WRITE_STEPS[0]!, () => blobs.put(pdfKey, pdf.bytes));

  const files = deliveryFileNames(names.attached, 'invoice');
  const attached = await steps.timeAsync(STEP.attachedDocument, () => {
    const built = buildAttachedDocument({
      id: files.xml.slice(0, -4),
      issuedAt: now,
      signedInvoiceXml: f.signedXml,
      applicationResponseXml: ar,
    });
    return signDeliveredForm(signerOnThisThread, built.canonical, built.delivered, { signingTime: now });
  });
  const zip = steps.time(STEP.buyerZip, () =>
    writeZip(
      [
        { name: files.xml, data: Buffer.from(attached.xml, 'utf8') },
        { name: files.pdf, data: pdf.bytes, stored: true },
      ],
      now,
    ),
  );
  sample = {
    signedXml: f.signedXml,
    applicationResponseXml: ar,
    attachedDocumentXml: attached.xml,
    pdf: pdf.bytes,
    buyerZip: zip,
  };
  const number = `${demoResolution.prefix}${f.requested.data.number}`;
  steps.time(STEP.mail, () =>
    composeMail({
      from: `"${tenant.legalName}" <${senderAddress}>`,
      to: benchRequest.customer.email,
      subject: deliverySubject({
        nit: tenant.nit,
        legalName: tenant.legalName,
        number,
        typeCode: '01',
        tradeName: tenant.tradeName ?? tenant.legalName,
      }),
      messageId: messageIdOf(f.stream),
      date: now,
      text: `Señores ${benchRequest.customer.name}:\r\n\r\nLes enviamos la factura electrónica de venta ${number}, validada por la DIAN.\r\n\r\nCUFE: ${f.requested.data.cufe}\r\n`,
      attachments: [{ filename: files.zip, content: zip, contentType: 'application/zip' }],
    }),
  );

  return steps.time('events: envelopes, digests', () => {
    const meta = metaCausedBy(f.signed);
    return [
      newInvoiceEvent(
        'InvoiceSubmitted',
        {
          attempt: 1,
          operation: 'SendBillSync',
          track_id: f.requested.data.cufe,
          endpoint,
          file_name: names.dian.zip,
          xml_file_name: names.dian.xml,
        },
        meta,
        systemClock,
      ),
      newInvoiceEvent(
        'InvoiceAccepted',
        {
          track_id: f.requested.data.cufe,
          status_code: verdict.statusCode ?? '',
          status_description: verdict.statusDescription ?? '',
          status_message: verdict.statusMessage ?? '',
          notifications: verdict.errorMessages.map((m) => ({ rule: m.rule ?? '', message: m.message })),
          application_response_key: arKey,
          validated_at: validatedAt,
        },
        meta,
        systemClock,
      ),
      newInvoiceEvent(
        'InvoiceRendered',
        { pdf_key: pdfKey, pdf_sha256: createHash('sha256').update(pdf.bytes).digest('hex'), pages: pdf.pageCount },
        meta,
        systemClock,
      ),
      newInvoiceEvent(
        'BuyerNotificationStarted',
        {
          email: benchRequest.customer.email,
          source: 'request',
          message_id: messageIdOf(f.stream),
          attempt: 1,
          attached_document_id: files.xml.slice(0, -4),
          file_name: files.zip,
        },
        meta,
        systemClock,
      ),
    ] as Envelope[];
  });
}

/** As the submitter reads SendBillSync's answer: the verdict, DIAN's ApplicationResponse checked against the anchor. */
function checkedAnswer(body: string): { verdict: DianResponse; ar: string; validatedAt: string } {
  const envelope = readSoapEnvelope(body, 'SendBillSync');
  if (envelope.kind !== 'result') throw new Error(`DIAN answered a fault: ${envelope.fault.code}`);
  const verdict = parseDianResponse(envelope.result);
  const ar = verdict.applicationResponseXml;
  if (verdict.statusCode !== '00' || ar === undefined)
    throw new Error(
      `the bench invoice was not accepted: ${verdict.statusCode} ${JSON.stringify(verdict.errorMessages)}`,
    );
  const failed = verifyApplicationResponseSignature(ar, dianAnchorPem).checks.filter((c) => c.ok === false);
  if (failed.length) throw new Error(`DIAN's answer failed its checks: ${JSON.stringify(failed)}`);
  return { verdict, ar, validatedAt: applicationResponseInstant(ar) ?? new Date().toISOString() };
}

/**
 * Each priced step beside its primitives alone: how far the code around the cryptography, hashing and compression
 * sits above them, the gap a goal below this floor would have to close.
 */
function printPrimitives(rows: { name: string; micros: number }[], writes: number, rsaMs: number, width: number): void {
  if (!sample) throw new Error('no invoice ran');
  const priced = primitiveCosts(sample, STEP);
  const sig = (micros: number) => (micros / 1000 / rsaMs).toFixed(2);
  console.log(
    `\nthe primitives alone (cryptography, hashes, compression on this thread, this run) beside their steps:`,
  );
  console.log(
    `${'step'.padEnd(width)}  ${'step µs'.padStart(8)}  ${'primitives µs'.padStart(13)}  ${'step ÷ them'.padStart(11)}  primitives`,
  );
  let stepSum = 0;
  let primitiveSum = 0;
  for (const p of priced) {
    const step = rows.find((r) => r.name === p.step)?.micros ?? 0;
    stepSum += step;
    primitiveSum += p.micros;
    console.log(
      `${p.step.padEnd(width)}  ${step.toFixed(0).padStart(8)}  ${p.micros.toFixed(0).padStart(13)}  ${`${(step / p.micros).toFixed(1)} ×`.padStart(11)}  ${p.what}`,
    );
  }
  const unpriced = rows.reduce((sum, r) => sum + r.micros, 0) - stepSum - writes;
  console.log(
    `these steps ${stepSum.toFixed(0)} µs (${sig(stepSum)} signatures), their primitives ${primitiveSum.toFixed(0)} µs (${sig(primitiveSum)}): ${(stepSum / primitiveSum).toFixed(1)} ×`,
  );
  console.log(
    `primitives + durable writes, the steps' floor without any XML or PDF code: ${(primitiveSum + writes).toFixed(0)} µs = ${sig(primitiveSum + writes)} signatures (the request, the UBL, the SOAP request and the events, ${unpriced.toFixed(0)} µs, not priced)`,
  );
}

const messageIdOf = (stream: string) => `<${stream}.1@${senderAddress.split('@')[1]}>`;

async function main(): Promise<void> {
  const plain = new StepCpu({ timed: false });
  for (let done = 0; done < WARMUP; done += BATCH) await runBatch(plain, Math.min(BATCH, WARMUP - done));
  const rsaBefore = rsa2048CpuMs();

  // The steps' pass: each step's CPU, read around it.
  const steps = new StepCpu({ timed: true });
  const overheadMicros = steps.calibrate();
  for (let done = 0; done < INVOICES; done += BATCH) await runBatch(steps, Math.min(BATCH, INVOICES - done));

  // The plain pass: the same invoices with no reading in between, its total read from outside.
  const gc = watchGc();
  const threadsBefore = threadCpuSnapshot();
  const processBefore = process.cpuUsage();
  const threadBefore = process.threadCpuUsage();
  const wallStart = performance.now();
  for (let done = 0; done < INVOICES; done += BATCH) await runBatch(plain, Math.min(BATCH, INVOICES - done));
  const wallMs = performance.now() - wallStart;
  const threadUsed = process.threadCpuUsage(threadBefore);
  const processUsed = process.cpuUsage(processBefore);
  const threadsAfter = threadCpuSnapshot();
  const collections = gc.stop();
  const rsaMs = (rsaBefore + rsa2048CpuMs()) / 2;
  await Promise.all(notified.map((n) => store.append(n.stream, [n.event], AFTER_STARTED)));

  const rows = steps.perUnit(INVOICES);
  const sig = (micros: number) => (micros / 1000 / rsaMs).toFixed(2);
  const stepsTotal = rows.reduce((sum, r) => sum + r.micros, 0);
  const simulator = rows.find((r) => r.name === SIMULATOR_STEP)?.micros ?? 0;
  const writes = rows.filter((r) => WRITE_STEPS.includes(r.name)).reduce((sum, r) => sum + r.micros, 0);
  const threadMicros = (threadUsed.user + threadUsed.system) / INVOICES;
  const processMicros = (processUsed.user + processUsed.system) / INVOICES;
  const width = Math.max(...rows.map((r) => r.name.length), 56);
  console.log(
    `floor: ${INVOICES} accepted invoices (5 lines, buyer mailed) on one thread, batches of ${BATCH}, after ${WARMUP} of warm-up; the simulator's XSD check ${XSD ? 'on' : 'off'}`,
  );
  console.log(
    `one RSA-2048 signature: ${(rsaMs * 1000).toFixed(0)} µs of CPU (this run); each step's reading costs ${overheadMicros.toFixed(0)} µs, taken off\n`,
  );
  console.log(
    `${'step'.padEnd(width)}  ${'CPU µs/invoice'.padStart(14)}  ${'signatures'.padStart(10)}  ${'share'.padStart(6)}`,
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(width)}  ${r.micros.toFixed(0).padStart(14)}  ${sig(r.micros).padStart(10)}  ${`${((100 * r.micros) / stepsTotal).toFixed(1)} %`.padStart(6)}`,
    );
  const line = (name: string, micros: number) =>
    console.log(`${name.padEnd(width)}  ${micros.toFixed(0).padStart(14)}  ${sig(micros).padStart(10)}`);
  console.log('');
  line('the steps', stepsTotal);
  line("  of which DIAN's side (the simulator)", simulator);
  line('  of which durable writes (kernel time included)', writes);
  line('the steps without the simulator (the service alone)', stepsTotal - simulator);
  console.log(`plain pass (no readings between the steps), ${INVOICES} more invoices:`);
  line('  this thread (steps, loop, GC on this thread)', threadMicros);
  line("    of which outside the steps (this total − the steps' sum)", threadMicros - stepsTotal);
  line('  the process, every thread (V8 GC helpers too)', processMicros);
  console.log(
    `  by thread, CPU ms per invoice (/proc, 10 ms ticks): ${cpuPerUnit(threadsBefore, threadsAfter, INVOICES)}`,
  );
  console.log(
    `  GC on this thread: ${collections.count} collections, ${((1000 * collections.pauseMs) / INVOICES).toFixed(0)} µs of pause (wall) per invoice`,
  );
  console.log(
    `  wall: ${(wallMs / INVOICES).toFixed(2)} ms per invoice (${((1000 * INVOICES) / wallMs).toFixed(0)}/s on one thread)`,
  );
  console.log(
    `durable writes: 3 blobs per invoice (signed XML, ApplicationResponse, PDF); twice per batch of ${BATCH}, the batch's blobs made durable (${blobs.describe}), then its events committed; the file counter committed once per batch; BuyerNotified rides with the next batch's first commit`,
  );
  printPrimitives(rows, writes, rsaMs, width);
  const budget = JSON.parse(readFileSync(new URL('./cpu-budget.json', import.meta.url), 'utf8')) as {
    signaturesPerInvoice: number;
    recorded: { at: string; commit: string };
  };
  const floor = processMicros / 1000 / rsaMs;
  console.log(
    `\nthe service: ${budget.signaturesPerInvoice} signatures per accepted invoice (bench/cpu-budget.json, ${budget.recorded.commit}, ${budget.recorded.at}); \`pnpm bench:service\` measures today's, by thread. Goal ≤ 16.`,
  );
  console.log(
    `the floor (process, every thread) = ${floor.toFixed(1)} signatures = ${(floor / 16).toFixed(2)} × the goal; the service spends ${(budget.signaturesPerInvoice / floor).toFixed(1)} × the floor`,
  );
}

try {
  await main();
} finally {
  await store.close();
  await counter.close();
  blobs.close();
  world.cleanup();
  rmSync(dir, { recursive: true, force: true });
}

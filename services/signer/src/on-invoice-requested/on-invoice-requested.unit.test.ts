// The signer service on the embedded adapters: SQLite in memory, the in-process bus, files in a
// temp dir, a real signer and the real verifier. The five exits: blob, events, dead letters, logs.
import { createHash } from 'node:crypto';
import type { Envelope, InvoiceSignedV1 } from '@fe/contracts';
import { demoResolution, demoSoftware } from '@fe/dian-domain';
import { invoiceCases, creditNoteContent, debitNoteContent } from '@fe/dian-domain/testing';
import { attributeOf, cbc, pathElement, readInvoiceDocument, readNoteDocument } from '@fe/dian-xml';
import { deadLetterHeaders, InProcessEventBus } from '@fe/platform';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeTestIdentity } from '@fe/xades/testing';
import { loadP12, verifySignedInvoice, XadesError } from '@fe/xades';
import { createInProcessSigner } from '../pool/in-process-signer.ts';
import { createSignerPool } from '../pool/signer-pool.ts';
import type { XmlSigner } from '../ports/xml-signer.ts';
import { createSignerService } from '../service.ts';
import { onInvoiceRequested } from './handler.ts';
import {
  appendAndPublish,
  deadLetters,
  eventsOfType,
  makeWorld,
  memoryTenants,
  noteRequestedEvent,
  OLD_RULES_CUFE,
  publish,
  requestedEvent,
  smallLinesRequest,
  waitFor,
} from '../../test-support/signing-world.ts';

const identity = makeTestIdentity();
const tenants = memoryTenants((at) => loadP12(identity.p12, identity.password, at));
const issuedAt = new Date('2026-03-10T15:15:00Z');
const config = { maxAttempts: 2, retryBackoffMs: 1, digestAlgorithm: 'sha256' as const };

let world = makeWorld();
const started: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
  await world.close();
  world = makeWorld();
});
const pool = createSignerPool({ size: 1 });
afterAll(() => pool.close());

async function startSigner(options: { signer?: XmlSigner; bus?: InProcessEventBus; tenants?: typeof tenants } = {}) {
  const service = createSignerService(
    {
      store: world.store,
      bus: options.bus ?? world.bus,
      blobs: world.blobs,
      tenants: options.tenants ?? tenants,
      signer: options.signer ?? createInProcessSigner(),
      clock: world.clock,
      logger: world.logger,
    },
    config,
  );
  await service.start();
  started.push(service);
  return service;
}

const logged = (outcome: string) => world.logger.entries.filter((e) => e.fields.outcome === outcome);
const signedOf = async (stream: string) =>
  (await eventsOfType(world.store, stream, 'InvoiceSigned')) as InvoiceSignedV1[];

describe('the signer service, on InvoiceRequested', () => {
  it('stores a signed XML the verifier accepts and records exactly one InvoiceSigned', async () => {
    await startSigner();
    const requested = requestedEvent(invoiceCases[1]!.request, '990000201', issuedAt);
    await appendAndPublish(world, requested);
    await waitFor(() => logged('signed').length === 1);

    const [signed, ...more] = await signedOf(requested.invoice_id!);
    expect(more).toHaveLength(0);
    expect(signed!.data).toMatchObject({
      xml_key: 'demo/SETP990000201.xml',
      certificate_serial: '0badc0ffee',
      signed_at: '2026-03-10T10:15:00.000-05:00',
    });
    expect(signed).toMatchObject({
      causation_id: requested.id,
      correlation_id: requested.correlation_id,
      tenant_id: 'demo',
      invoice_id: requested.invoice_id,
    });

    const blob = await world.blobs.get(signed!.data.xml_key);
    expect(blob.contentType).toBe('application/xml');
    expect(createHash('sha256').update(blob.bytes).digest('hex')).toBe(signed!.data.xml_sha256);
    const xml = Buffer.from(blob.bytes).toString('utf8');
    expect(readInvoiceDocument(xml).key).toBe(requested.data.cufe);
    const report = verifySignedInvoice(xml, { technicalKey: demoResolution.technicalKey });
    expect(report.checks.filter((c) => c.ok === false)).toEqual([]);
    expect(report.valid).toBe(true);
  });

  it('signs on the worker pool too, late in the Colombian evening (SigningTime keeps the issue date)', async () => {
    await startSigner({ signer: pool });
    const lateEvening = new Date('2026-03-11T03:30:00Z'); // 22:30 on 10 March in Colombia
    const requested = requestedEvent(
      { ...invoiceCases[0]!.request, payment: { method_code: '31', due_date: '2026-03-10' } },
      '990000202',
      lateEvening,
    );
    await appendAndPublish(world, requested);
    await waitFor(() => logged('signed').length === 1);
    const [signed] = await signedOf(requested.invoice_id!);
    const xml = Buffer.from((await world.blobs.get(signed!.data.xml_key)).bytes).toString('utf8');
    expect(xml).toContain('<cbc:IssueDate>2026-03-10</cbc:IssueDate>');
    expect(xml).toContain('<xades:SigningTime>2026-03-10T22:30:00.000-05:00</xades:SigningTime>');
    expect(verifySignedInvoice(xml, { technicalKey: demoResolution.technicalKey }).valid).toBe(true);
  });

  it('adds nothing when the same event is delivered again', async () => {
    await startSigner();
    const requested = requestedEvent(invoiceCases[0]!.request, '990000203', issuedAt);
    await appendAndPublish(world, requested);
    await waitFor(() => logged('signed').length === 1);
    await publish(world.bus, requested);
    await waitFor(() => logged('skipped').length === 1);
    expect(await signedOf(requested.invoice_id!)).toHaveLength(1);
    expect(logged('skipped')[0]!.fields).toMatchObject({ reason: 'already_signed', invoice_id: requested.invoice_id });
  });

  it('never signs a recorded event whose CUFE is not the rebuilt one: it ends on the dead-letter topic', async () => {
    const dlq = await deadLetters(world.bus);
    await startSigner();
    const honest = requestedEvent(invoiceCases[0]!.request, '990000204', issuedAt);
    const tampered = {
      ...honest,
      data: { ...honest.data, cufe: `${honest.data.cufe.slice(0, 95)}${honest.data.cufe.endsWith('0') ? '1' : '0'}` },
    };
    await appendAndPublish(world, tampered);
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(/^SignerError CUFE_MISMATCH: The rebuilt CUFE differs/);
    expect(dead!.headers?.[deadLetterHeaders.attempts]).toBe('2');
    expect(await signedOf(tampered.invoice_id!)).toHaveLength(0);
    expect(await world.blobs.exists('demo/SETP990000204.xml')).toBe(false);
    expect(world.logger.entries.filter((e) => e.level === 'error').map((e) => e.fields.code)).toEqual([
      'CUFE_MISMATCH',
      'CUFE_MISMATCH',
    ]);
  });

  it('never signs a delivered copy that differs from the recorded event', async () => {
    const dlq = await deadLetters(world.bus);
    await startSigner();
    const honest = requestedEvent(invoiceCases[0]!.request, '990000205', issuedAt);
    await world.store.append(honest.invoice_id!, [honest as Envelope], 'no_stream');
    await publish(world.bus, { ...honest, data: { ...honest.data, cufe: '0'.repeat(96) } });
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toContain('EVENT_NOT_RECORDED');
    expect(await signedOf(honest.invoice_id!)).toHaveLength(0);
  });

  it('records one InvoiceSigned when two deliveries race, and the stored XML is the one it describes', async () => {
    const handle = onInvoiceRequested({ ...world, tenants, signer: createInProcessSigner() }, { algorithm: 'sha256' });
    const requested = requestedEvent(invoiceCases[2]!.request, '990000206', issuedAt);
    await world.store.append(requested.invoice_id!, [requested as Envelope], 'no_stream');
    await Promise.all([handle(requested), handle(requested)]);
    const signed = await signedOf(requested.invoice_id!);
    expect(signed).toHaveLength(1);
    expect(logged('lost_race')).toHaveLength(1);
    const blob = await world.blobs.get(signed[0]!.data.xml_key);
    expect(createHash('sha256').update(blob.bytes).digest('hex')).toBe(signed[0]!.data.xml_sha256);
  });

  it('records one InvoiceSigned when two instances of the group both get the event (two bus connections)', async () => {
    const other = new InProcessEventBus({ partitions: 3 });
    try {
      await startSigner();
      await startSigner({ bus: other });
      const requested = requestedEvent(invoiceCases[0]!.request, '990000207', issuedAt);
      await appendAndPublish(world, requested);
      await publish(other, requested);
      await waitFor(() => logged('signed').length + logged('lost_race').length + logged('skipped').length === 2);
      expect(await signedOf(requested.invoice_id!)).toHaveLength(1);
      expect(logged('signed')).toHaveLength(1);
    } finally {
      for (const s of started.splice(0)) await s.stop();
      await other.close();
    }
  });
});

describe('the signer service, across a change of the build rules', () => {
  it('signs an InvoiceRequested recorded before build_rules existed with its recorded CUFE (build rules 1)', async () => {
    await startSigner();
    const requested = requestedEvent(smallLinesRequest, '990000290', issuedAt, { rules: 1, recorded: false });
    expect(requested.data).not.toHaveProperty('build_rules');
    expect(requested.data).toMatchObject({ cufe: OLD_RULES_CUFE, payable_amount: '0.80' });
    await appendAndPublish(world, requested);
    await waitFor(() => logged('signed').length === 1);
    const [signed] = await signedOf(requested.invoice_id!);
    const xml = Buffer.from((await world.blobs.get(signed!.data.xml_key)).bytes).toString('utf8');
    expect(readInvoiceDocument(xml).key).toBe(OLD_RULES_CUFE);
    expect(xml).toContain('<cbc:TaxAmount currencyID="COP">0.20</cbc:TaxAmount>');
    const report = verifySignedInvoice(xml, { technicalKey: demoResolution.technicalKey });
    expect(report.checks.filter((c) => c.ok === false)).toEqual([]);
  });

  it("signs today's request with the rules it records (2), whose CUFE differs from the old one", async () => {
    await startSigner();
    const requested = requestedEvent(smallLinesRequest, '990000291', issuedAt);
    expect(requested.data).toMatchObject({ build_rules: 2, payable_amount: '0.71' });
    await appendAndPublish(world, requested);
    await waitFor(() => logged('signed').length === 1);
    expect(await signedOf(requested.invoice_id!)).toHaveLength(1);
  });

  it('refuses a build rules version it does not know: BUILD_RULES_UNKNOWN on the dead-letter topic, nothing signed', async () => {
    const dlq = await deadLetters(world.bus);
    await startSigner();
    const today = requestedEvent(smallLinesRequest, '990000292', issuedAt);
    const future = { ...today, data: { ...today.data, build_rules: 3 } };
    await appendAndPublish(world, future);
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(/^SignerError BUILD_RULES_UNKNOWN: /);
    expect(await signedOf(future.invoice_id!)).toHaveLength(0);
    expect(world.logger.entries.filter((e) => e.level === 'error').map((e) => e.fields.code)).toEqual([
      'BUILD_RULES_UNKNOWN',
      'BUILD_RULES_UNKNOWN',
    ]);
  });
});

describe("the signer service, on a credit or debit note's first event", () => {
  const invoice = invoiceCases[1]!.request;
  const cufe = 'c'.repeat(96);
  const notes = [
    [
      'credit',
      noteRequestedEvent(creditNoteContent({ invoice: { cufe }, concept: '2' }, invoice), '301', issuedAt),
      'CreditNote',
    ],
    [
      'debit',
      noteRequestedEvent(
        debitNoteContent({ invoice: { cufe }, concept: '2', lines: invoice.lines.slice(0, 2) }, invoice),
        '302',
        issuedAt,
      ),
      'DebitNote',
    ],
  ] as const;

  it.each(notes)(
    'signs a %s note on its own stream: the stored XML verifies (CUDE recomputed with the PIN) and one InvoiceSigned is recorded',
    async (_kind, requested, root) => {
      await startSigner();
      await appendAndPublish(world, requested);
      await waitFor(() => logged('signed').length === 1);
      const [signed, ...more] = await signedOf(requested.invoice_id!);
      expect(more).toHaveLength(0);
      expect(signed!.data).toMatchObject({
        xml_key: `demo/${requested.data.document_id}.xml`,
        certificate_serial: '0badc0ffee',
        signed_at: '2026-03-10T10:15:00.000-05:00',
      });
      expect(signed).toMatchObject({ causation_id: requested.id, tenant_id: 'demo', invoice_id: requested.invoice_id });
      const blob = await world.blobs.get(signed!.data.xml_key);
      expect(createHash('sha256').update(blob.bytes).digest('hex')).toBe(signed!.data.xml_sha256);
      const xml = Buffer.from(blob.bytes).toString('utf8');
      expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<${root} `)).toBe(true);
      const note = readNoteDocument(xml);
      expect([note.key, note.keyScheme, attributeOf(pathElement(note.root, cbc('UUID')), 'schemeID')]).toEqual([
        requested.data.cude,
        'CUDE-SHA384',
        '2',
      ]);
      const report = verifySignedInvoice(xml, { technicalKey: demoSoftware.pin });
      expect(report.checks.filter((c) => c.ok === false)).toEqual([]);
      expect(report.checks.find((c) => c.name === 'CUDE')).toMatchObject({ ok: true });
      expect(logged('signed')[0]).toMatchObject({
        message: `${_kind} note signed`,
        fields: { reaction: 'on-note-requested' },
      });
    },
  );

  it('never signs a note whose recorded CUDE is not the rebuilt one: CUDE_MISMATCH on the dead-letter topic', async () => {
    const dlq = await deadLetters(world.bus);
    await startSigner();
    const honest = notes[0][1];
    const tampered = {
      ...honest,
      data: { ...honest.data, cude: `${honest.data.cude.slice(0, 95)}${honest.data.cude.endsWith('0') ? '1' : '0'}` },
    };
    await appendAndPublish(world, tampered);
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(/^SignerError CUDE_MISMATCH: /);
    expect(await signedOf(tampered.invoice_id!)).toHaveLength(0);
    expect(await world.blobs.exists(`demo/${honest.data.document_id}.xml`)).toBe(false);
    expect(world.logger.entries.filter((e) => e.level === 'error').map((e) => e.fields.code)).toEqual([
      'CUDE_MISMATCH',
      'CUDE_MISMATCH',
    ]);
  });
});

describe('the signer service, when the tenant cannot sign', () => {
  it('dead-letters an invoice whose certificate expired before the issue instant, after the configured attempts, logging the code and no secret', async () => {
    const expired = makeTestIdentity({
      notBefore: new Date(Date.UTC(2024, 0, 1)),
      notAfter: new Date(Date.UTC(2025, 0, 1)),
    });
    const dlq = await deadLetters(world.bus);
    await startSigner({ tenants: memoryTenants((at) => loadP12(expired.p12, expired.password, at)) });
    const requested = requestedEvent(invoiceCases[0]!.request, '990000208', issuedAt);
    await appendAndPublish(world, requested);
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);

    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(/^SignerError CREDENTIAL_UNUSABLE: .*\(CERT_EXPIRED\)$/);
    expect(await signedOf(requested.invoice_id!)).toHaveLength(0);
    const errors = world.logger.entries.filter((e) => e.level === 'error');
    expect(errors.map((e) => [e.fields.code, e.fields.cause_code])).toEqual([
      ['CREDENTIAL_UNUSABLE', 'CERT_EXPIRED'],
      ['CREDENTIAL_UNUSABLE', 'CERT_EXPIRED'],
    ]);
    const everything = JSON.stringify(world.logger.entries, (_, v) =>
      v instanceof Error ? { ...v, message: v.message } : v,
    );
    expect(everything).not.toContain(expired.password);
    expect(everything).not.toContain(Buffer.from(expired.p12).toString('base64').slice(0, 40));
  });

  it('dead-letters an invoice whose certificate its CA revoked with its own code (DIAN ZD04), signing nothing', async () => {
    const dlq = await deadLetters(world.bus);
    const revoked = memoryTenants(() => {
      throw new XadesError('CERT_REVOKED', 'revoked 2026-05-01T00:00:00.000Z (ocsp)');
    });
    await startSigner({ tenants: revoked });
    const requested = requestedEvent(invoiceCases[0]!.request, '990000211', issuedAt);
    await appendAndPublish(world, requested);
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(
      /^SignerError CREDENTIAL_REVOKED: .*ZD04.*\(CERT_REVOKED\)$/,
    );
    expect(await signedOf(requested.invoice_id!)).toHaveLength(0);
  });

  it('dead-letters an invoice whose certificate belongs to another company (DIAN ZE03), signing nothing', async () => {
    const otherCompany = makeTestIdentity({ nit: '900373115' });
    const dlq = await deadLetters(world.bus);
    await startSigner({ tenants: memoryTenants((at) => loadP12(otherCompany.p12, otherCompany.password, at)) });
    const requested = requestedEvent(invoiceCases[0]!.request, '990000210', issuedAt);
    await appendAndPublish(world, requested);
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(
      /^SignerError CREDENTIAL_UNUSABLE: .*\(CERT_NOT_ISSUERS\)$/,
    );
    expect(await signedOf(requested.invoice_id!)).toHaveLength(0);
  });

  it('dead-letters an invoice whose tenant has no certificate on file', async () => {
    const dlq = await deadLetters(world.bus);
    await startSigner({ tenants: memoryTenants(() => undefined) });
    const requested = requestedEvent(invoiceCases[0]!.request, '990000209', issuedAt);
    await appendAndPublish(world, requested);
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toContain('CREDENTIAL_MISSING');
    expect(await signedOf(requested.invoice_id!)).toHaveLength(0);
  });

  it("labels the directory's final failures CREDENTIAL_UNUSABLE and passes retriable ones on unchanged", async () => {
    const failing = (error: Error) => ({
      ...tenants,
      credential: async () => {
        throw error;
      },
    });
    const requested = requestedEvent(invoiceCases[0]!.request, '990000210', issuedAt);
    await world.store.append(requested.invoice_id!, [requested as Envelope], 'no_stream');
    const undecryptable = Object.assign(new Error('stored secret unreadable'), {
      code: 'SECRET_UNREADABLE',
      retriable: false,
    });
    const storeDown = Object.assign(new Error('store down'), { code: 'STORE_UNAVAILABLE', retriable: true });
    const handle = (error: Error) =>
      onInvoiceRequested(
        { ...world, tenants: failing(error), signer: createInProcessSigner() },
        { algorithm: 'sha256' },
      )(requested);
    await expect(handle(undecryptable)).rejects.toMatchObject({
      code: 'CREDENTIAL_UNUSABLE',
      causeCode: 'SECRET_UNREADABLE',
    });
    await expect(handle(storeDown)).rejects.toBe(storeDown);
    expect(await signedOf(requested.invoice_id!)).toHaveLength(0);
  });
});

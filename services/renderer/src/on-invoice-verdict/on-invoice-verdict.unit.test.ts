// The renderer service on the embedded adapters (SQLite in memory, the in-process bus, files in a
// temp dir) and the real pdfkit renderer, watched through the port to see what it was asked to draw.
import { createHash } from 'node:crypto';
import type { Envelope, InvoiceRenderedV1 } from '@fe/contracts';
import { demoSoftware, demoTenant } from '@fe/dian-domain';
import { invoiceCases } from '@fe/dian-domain/testing';
import { deadLetterHeaders } from '@fe/platform';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';
import { pdfkitRenderer } from '../pdfkit-renderer.ts';
import type { InvoiceRenderer } from '../ports/invoice-renderer.ts';
import { requestedView } from '../render-request.ts';
import { createRendererService } from '../service.ts';
import { onInvoiceVerdict } from './handler.ts';
import {
  acceptedEvent,
  deadLetters,
  eventsOfType,
  makeWorld,
  publish,
  recordSignedInvoice,
  recordSignedNote,
  recordVerdict,
  rejectedEvent,
  validatedAt,
  waitFor,
} from '../../test-support/rendering-world.ts';

const pdfkit = pdfkitRenderer();
const tenants = { profile: async (id: string) => (id === demoTenant.id ? { software: demoSoftware } : undefined) };
const config = { maxAttempts: 2, retryBackoffMs: 1 };

let world = makeWorld();
let views: InvoiceView[] = [];
// The view the request reads to (the XML with DIAN's time and the provider's name), as the renderer draws it.
const watching: InvoiceRenderer = {
  render: async (request) => (views.push(requestedView(request)), pdfkit.render(request)),
};
const started: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
  await world.close();
  world = makeWorld();
  views = [];
});

async function startRenderer() {
  const service = createRendererService({ ...world, renderer: watching, tenants }, config);
  await service.start();
  started.push(service);
}

const logged = (outcome: string) => world.logger.entries.filter((e) => e.fields.outcome === outcome);
const renderedOf = async (stream: string) =>
  (await eventsOfType(world.store, stream, 'InvoiceRendered')) as InvoiceRenderedV1[];

async function expectOnePdf(stream: string, documentId: string) {
  const [rendered, ...more] = await renderedOf(stream);
  expect(more).toHaveLength(0);
  expect(rendered!.data).toMatchObject({ pdf_key: `demo/${documentId}.pdf`, pages: 1 });
  const blob = await world.blobs.get(rendered!.data.pdf_key);
  expect(blob.contentType).toBe('application/pdf');
  expect(Buffer.from(blob.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  expect(createHash('sha256').update(blob.bytes).digest('hex')).toBe(rendered!.data.pdf_sha256);
  return rendered!;
}

describe("the renderer service, on DIAN's verdict", () => {
  it("draws the PDF of an accepted invoice once, with DIAN's validation time and the provider's name", async () => {
    await startRenderer();
    const invoice = await recordSignedInvoice(world, invoiceCases[1]!.request, '990000401');
    const accepted = acceptedEvent(invoice.signed);
    await recordVerdict(world, invoice, accepted);
    await waitFor(() => logged('rendered').length === 1);

    const rendered = await expectOnePdf(invoice.requested.invoice_id!, 'SETP990000401');
    expect(rendered).toMatchObject({
      causation_id: accepted.id,
      correlation_id: invoice.requested.correlation_id,
      tenant_id: 'demo',
    });
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      cufe: invoice.requested.data.cufe,
      environment: '2',
      validatedAt,
      signed: true,
      softwareProvider: { name: demoSoftware.providerName },
    });
  });

  it("draws a credit note's and a debit note's PDF on their verdicts, checked against the CUDE their first event recorded", async () => {
    await startRenderer();
    const credit = await recordSignedNote(world, 'credit');
    const debit = await recordSignedNote(world, 'debit');
    await recordVerdict(world, credit, acceptedEvent(credit.signed));
    await recordVerdict(world, debit, rejectedEvent(debit.signed));
    await waitFor(() => logged('rendered').length === 2);
    await expectOnePdf(credit.requested.invoice_id!, 'NC1001');
    await expectOnePdf(debit.requested.invoice_id!, 'ND1001');
    const byKind = Object.fromEntries(views.map((v) => [v.kind, v]));
    expect(byKind.credit_note).toMatchObject({
      documentId: 'NC1001',
      cufe: credit.requested.data.cude,
      validatedAt,
      note: { concept: '1' },
    });
    expect(byKind.debit_note).toMatchObject({
      documentId: 'ND1001',
      cufe: debit.requested.data.cude,
      note: { concept: '1' },
    });
    expect(byKind.debit_note!.validatedAt).toBeUndefined();
  });

  it('refuses a note whose signed XML carries another CUDE than its first event recorded (XML_MISMATCH)', async () => {
    const dlq = await deadLetters(world.bus);
    await startRenderer();
    const note = await recordSignedNote(world, 'credit', { cude: 'f'.repeat(96) });
    await recordVerdict(world, note, acceptedEvent(note.signed));
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(
      /^RendererError XML_MISMATCH: the signed XML's cbc:UUID differs/,
    );
    expect(await renderedOf(note.requested.invoice_id!)).toHaveLength(0);
  });

  it('draws the PDF of a rejected invoice too, without a validation time', async () => {
    await startRenderer();
    const invoice = await recordSignedInvoice(world, invoiceCases[0]!.request, '990000402');
    await recordVerdict(world, invoice, rejectedEvent(invoice.signed));
    await waitFor(() => logged('rendered').length === 1);
    await expectOnePdf(invoice.requested.invoice_id!, 'SETP990000402');
    expect(views[0]!.validatedAt).toBeUndefined();
  });

  it('adds nothing when the verdict is delivered again', async () => {
    await startRenderer();
    const invoice = await recordSignedInvoice(world, invoiceCases[0]!.request, '990000403');
    const accepted = acceptedEvent(invoice.signed);
    await recordVerdict(world, invoice, accepted);
    await waitFor(() => logged('rendered').length === 1);
    await publish(world.bus, accepted);
    await waitFor(() => logged('skipped').length === 1);
    expect(logged('skipped')[0]!.fields.reason).toBe('already_rendered');
    expect(await renderedOf(invoice.requested.invoice_id!)).toHaveLength(1);
    expect(views).toHaveLength(1);
  });

  it('records one InvoiceRendered when two deliveries race', async () => {
    const handle = onInvoiceVerdict({ ...world, renderer: watching });
    const invoice = await recordSignedInvoice(world, invoiceCases[0]!.request, '990000404');
    const accepted = acceptedEvent(invoice.signed);
    await world.store.append(invoice.requested.invoice_id!, [accepted as Envelope], 1n);
    await Promise.all([handle(accepted), handle(accepted)]);
    await expectOnePdf(invoice.requested.invoice_id!, 'SETP990000404');
    expect(logged('lost_race')).toHaveLength(1);
  });

  it('refuses to draw from an XML that is not the one InvoiceSigned describes', async () => {
    const dlq = await deadLetters(world.bus);
    await startRenderer();
    const invoice = await recordSignedInvoice(world, invoiceCases[0]!.request, '990000405');
    await world.blobs.put(
      invoice.signed.data.xml_key,
      invoice.xml.replace('Producto 1', 'Producto 9'),
      'application/xml',
    );
    await recordVerdict(world, invoice, acceptedEvent(invoice.signed));
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toContain('XML_DIGEST_MISMATCH');
    expect(await renderedOf(invoice.requested.invoice_id!)).toHaveLength(0);
    expect(await world.blobs.exists('demo/SETP990000405.pdf')).toBe(false);
    expect(world.logger.entries.filter((e) => e.level === 'error').map((e) => e.fields.code)).toEqual([
      'XML_DIGEST_MISMATCH',
      'XML_DIGEST_MISMATCH',
    ]);
  });

  it('refuses to draw from a signed XML of another invoice than the one requested (XML_MISMATCH)', async () => {
    const dlq = await deadLetters(world.bus);
    await startRenderer();
    const invoice = await recordSignedInvoice(world, invoiceCases[0]!.request, '990000407', { cufe: 'f'.repeat(96) });
    await recordVerdict(world, invoice, acceptedEvent(invoice.signed));
    const [dead] = await waitFor(() => dlq.length === 1 && dlq);
    expect(dead!.headers?.[deadLetterHeaders.error]).toMatch(
      /^RendererError XML_MISMATCH: the signed XML's cbc:UUID differs/,
    );
    expect(await renderedOf(invoice.requested.invoice_id!)).toHaveLength(0);
    expect(await world.blobs.exists('demo/SETP990000407.pdf')).toBe(false);
    expect(world.logger.entries.filter((e) => e.level === 'error').map((e) => e.fields.code)).toEqual([
      'XML_MISMATCH',
      'XML_MISMATCH',
    ]);
  });

  it('skips, with a warning, a verdict on an invoice that has no InvoiceSigned', async () => {
    await startRenderer();
    const invoice = await recordSignedInvoice(world, invoiceCases[0]!.request, '990000406');
    // A verdict recorded in a stream that holds no InvoiceSigned.
    const orphan = { ...acceptedEvent(invoice.signed), invoice_id: 'inv-demo-SETP990000499' };
    await world.store.append(orphan.invoice_id, [orphan as Envelope], 'no_stream');
    await publish(world.bus, orphan);
    await waitFor(() => logged('skipped').length === 1);
    expect(logged('skipped')[0]).toMatchObject({ level: 'warn', fields: { reason: 'not_signed' } });
    expect(await renderedOf(orphan.invoice_id)).toHaveLength(0);
    expect(views).toHaveLength(0);
  });
});

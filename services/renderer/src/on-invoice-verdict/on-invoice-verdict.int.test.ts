// The stored PDF read back by poppler's pdftotext (Debian poppler-utils): what the buyer and DIAN's
// inspectors read must carry the recorded CUFE and, once DIAN accepted, its validation instant.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InvoiceRenderedV1 } from '@fe/contracts';
import { demoSoftware } from '@fe/dian-domain';
import { invoiceCases } from '@fe/dian-domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfkitRenderer } from '../pdfkit-renderer.ts';
import { createRendererService } from '../service.ts';
import {
  acceptedEvent,
  eventsOfType,
  makeWorld,
  recordSignedInvoice,
  recordSignedNote,
  recordVerdict,
  rejectedEvent,
  waitFor,
  type SignedNoteStream,
  type SignedStream,
} from '../../test-support/rendering-world.ts';

const world = makeWorld();
const service = createRendererService({
  ...world,
  renderer: pdfkitRenderer(),
  tenants: { profile: async () => ({ software: demoSoftware }) },
});
beforeAll(() => service.start());
afterAll(async () => {
  await service.stop();
  await world.close();
});

async function pdfTextOf(invoice: SignedStream | SignedNoteStream): Promise<string> {
  const stream = invoice.requested.invoice_id!;
  await waitFor(() =>
    world.logger.entries.some((e) => e.fields.outcome === 'rendered' && e.fields.invoice_id === stream),
  );
  const [rendered] = (await eventsOfType(world.store, stream, 'InvoiceRendered')) as InvoiceRenderedV1[];
  const file = join(world.dir, `${invoice.requested.data.document_id}.check.pdf`);
  writeFileSync(file, (await world.blobs.get(rendered!.data.pdf_key)).bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('the PDF the renderer service stored, read back by pdftotext', () => {
  it("carries the CUFE and DIAN's validation date and time for an accepted invoice", async () => {
    const invoice = await recordSignedInvoice(world, invoiceCases[1]!.request, '990000501');
    await recordVerdict(world, invoice, acceptedEvent(invoice.signed)); // validated 2026-03-10T10:16:02-05:00
    const text = await pdfTextOf(invoice);
    expect(text).toContain(invoice.requested.data.cufe);
    expect(text).toMatch(/Fecha y hora de validación DIAN:\s+10\/03\/2026 10:16:02/);
    expect(text).toContain('No. SETP990000501');
    expect(text).toContain(demoSoftware.providerName);
    expect(text).toContain('catalogo-vpfe-hab.dian.gov.co');
  });

  it("says the validation is pending on a rejected invoice's PDF", async () => {
    const invoice = await recordSignedInvoice(world, invoiceCases[0]!.request, '990000502');
    await recordVerdict(world, invoice, rejectedEvent(invoice.signed));
    const text = await pdfTextOf(invoice);
    expect(text).toContain(invoice.requested.data.cufe);
    expect(text).toMatch(/Fecha y hora de validación DIAN:\s+pendiente/);
  });

  it("draws a credit note's PDF on its own stream's verdict: the note's title, number and CUDE", async () => {
    const note = await recordSignedNote(world, 'credit');
    await recordVerdict(world, note, acceptedEvent(note.signed));
    const text = await pdfTextOf(note);
    expect(text).toContain('NOTA CRÉDITO ELECTRÓNICA');
    expect(text).toContain('No. NC1001');
    expect(text).toMatch(new RegExp(`CUDE:\\s+${note.requested.data.cude}`));
    expect(text).toContain(note.requested.data.referenced_invoice!.cufe);
    expect(text).toMatch(/Fecha y hora de validación DIAN:\s+10\/03\/2026 10:16:02/);
  });
});

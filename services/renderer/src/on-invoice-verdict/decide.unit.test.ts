import type { InvoiceEvent } from '@fe/contracts';
import { invoiceCases } from '@fe/dian-domain/test-fixtures';
import { metaCausedBy, newInvoiceEvent } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { requestedEvent, testClock } from '@fe/reaction-world/testing';
import { decideRendering, recordedKey } from './decide.ts';
import { acceptedEvent, issuedAt, makeWorld, recordSignedNote, rejectedEvent, validatedAt } from './test-world.ts';

const requested = requestedEvent(invoiceCases[0]!.request, '990000301', issuedAt);
const signed = newInvoiceEvent('InvoiceSigned', {
  xml_key: 'demo/SETP990000301.xml', xml_sha256: 'a'.repeat(64), signed_at: '2026-03-10T10:15:00.000-05:00', certificate_serial: '0badc0ffee',
}, metaCausedBy(requested), testClock);
const accepted = acceptedEvent(signed);
const rejected = rejectedEvent(signed);
const rendered = newInvoiceEvent('InvoiceRendered', { pdf_key: 'demo/SETP990000301.pdf', pdf_sha256: 'b'.repeat(64), pages: 1 }, metaCausedBy(accepted), testClock);
const code = (fn: () => unknown) => { try { fn(); } catch (e) { return (e as { code?: string }).code; } return 'none'; };
const stream = (...events: InvoiceEvent[]) => events;

describe('decideRendering', () => {
  it('renders an accepted invoice with DIAN\'s validation time', () => {
    expect(decideRendering(accepted, stream(requested, signed, accepted))).toEqual({ action: 'render', requested, signed, validatedAt });
  });

  it('renders a rejected invoice without a validation time', () => {
    expect(decideRendering(rejected, stream(requested, signed, rejected))).toEqual({ action: 'render', requested, signed, validatedAt: undefined });
  });

  it('does nothing once InvoiceRendered is recorded, or when nothing was signed', () => {
    expect(decideRendering(accepted, stream(requested, signed, accepted, rendered))).toEqual({ action: 'none', reason: 'already_rendered' });
    expect(decideRendering(accepted, stream(requested, accepted))).toEqual({ action: 'none', reason: 'not_signed' });
  });

  it('refuses a verdict the stream does not hold, and a stream without its request', () => {
    expect(code(() => decideRendering(accepted, stream(requested, signed)))).toBe('VERDICT_NOT_RECORDED');
    expect(code(() => decideRendering(rejected, stream(requested, signed, accepted)))).toBe('VERDICT_NOT_RECORDED');
    expect(code(() => decideRendering(accepted, stream(signed, accepted)))).toBe('REQUEST_NOT_RECORDED');
    expect(code(() => decideRendering(accepted, stream(signed, requested, accepted)))).toBe('REQUEST_NOT_RECORDED'); // the first event says what the stream is
  });

  it('renders a note: its stream starts with CreditNoteRequested or DebitNoteRequested, whose CUDE the XML must carry', async () => {
    const world = makeWorld();
    for (const kind of ['credit', 'debit'] as const) {
      const note = await recordSignedNote(world, kind);
      const verdict = acceptedEvent(note.signed);
      const decision = decideRendering(verdict, stream(note.requested, note.signed, verdict));
      expect(decision).toEqual({ action: 'render', requested: note.requested, signed: note.signed, validatedAt });
      expect(recordedKey(note.requested)).toBe(note.requested.data.cude);
    }
    expect(recordedKey(requested)).toBe(requested.data.cufe);
    await world.close();
  });
});

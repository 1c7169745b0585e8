import type { InvoiceEvent } from '@fe/contracts';
import { invoiceCases } from '@fe/dian-domain/testing';
import { documentKey, metaCausedBy, newInvoiceEvent } from '@fe/platform';
import { DeciderSpecification } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import { requestedEvent, testClock } from '@fe/reaction-world/testing';
import { renderingDecider } from './decide.ts';
import {
  acceptedEvent,
  issuedAt,
  makeWorld,
  recordSignedNote,
  rejectedEvent,
  validatedAt,
} from '../../test-support/rendering-world.ts';

const requested = requestedEvent(invoiceCases[0]!.request, '990000301', issuedAt);
const signed = newInvoiceEvent(
  'InvoiceSigned',
  {
    xml_key: 'demo/SETP990000301.xml',
    xml_sha256: 'a'.repeat(64),
    signed_at: '2026-03-10T10:15:00.000-05:00',
    certificate_serial: '0badc0ffee',
  },
  metaCausedBy(requested),
  testClock,
);
const accepted = acceptedEvent(signed);
const rejected = rejectedEvent(signed);
const rendered = newInvoiceEvent(
  'InvoiceRendered',
  { pdf_key: 'demo/SETP990000301.pdf', pdf_sha256: 'b'.repeat(64), pages: 1 },
  metaCausedBy(accepted),
  testClock,
);
const given = (...events: InvoiceEvent[]) => DeciderSpecification.for(renderingDecider).given(events);
const coded = (code: string) => (e: { code?: string }) => e.code === code;

describe('decideRendering', () => {
  it("renders an accepted invoice with DIAN's validation time", () => {
    given(requested, signed, accepted).when(accepted).then({ action: 'render', requested, signed, validatedAt });
  });

  it('renders a rejected invoice without a validation time', () => {
    given(requested, signed, rejected)
      .when(rejected)
      .then({ action: 'render', requested, signed, validatedAt: undefined });
  });

  it('does nothing once InvoiceRendered is recorded, or when nothing was signed', () => {
    given(requested, signed, accepted, rendered).when(accepted).then({ action: 'none', reason: 'already_rendered' });
    given(requested, accepted).when(accepted).then({ action: 'none', reason: 'not_signed' });
  });

  it('draws a contingency invoice (type 04) at its signature, an ordinary one only after the verdict', () => {
    const contingency = { ...requested, data: { ...requested.data, invoice_type_code: '04' } };
    given(contingency, signed)
      .when(signed)
      .then({ action: 'render', requested: contingency, signed, validatedAt: undefined });
    given(requested, signed).when(signed).then({ action: 'none', reason: 'awaits_verdict' });
    // DIAN's later verdict finds the PDF drawn: the buyer's copy stays the one mailed.
    given(contingency, signed, rendered, accepted).when(accepted).then({ action: 'none', reason: 'already_rendered' });
  });

  it('refuses a verdict the stream does not hold, and a stream without its request', () => {
    given(requested, signed).when(accepted).thenThrows(coded('VERDICT_NOT_RECORDED'));
    given(requested, signed, accepted).when(rejected).thenThrows(coded('VERDICT_NOT_RECORDED'));
    given(signed, accepted).when(accepted).thenThrows(coded('REQUEST_NOT_RECORDED'));
    given(signed, requested, accepted).when(accepted).thenThrows(coded('REQUEST_NOT_RECORDED')); // the first event says what the stream is
  });

  it('renders a note: its stream starts with CreditNoteRequested or DebitNoteRequested, whose CUDE the XML must carry', async () => {
    const world = makeWorld();
    for (const kind of ['credit', 'debit'] as const) {
      const note = await recordSignedNote(world, kind);
      const verdict = acceptedEvent(note.signed);
      given(note.requested, note.signed, verdict)
        .when(verdict)
        .then({ action: 'render', requested: note.requested, signed: note.signed, validatedAt });
      expect(documentKey(note.requested)).toBe(note.requested.data.cude);
    }
    expect(documentKey(requested)).toBe(requested.data.cufe);
    await world.close();
  });
});

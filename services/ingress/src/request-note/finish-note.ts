import type { Envelope, InvoiceNoteReservedV2 } from '@fe/contracts';
import type { NumberingResolution } from '@fe/dian-domain';
import { newInvoiceEvent, type Clock, type EventStore } from '@fe/platform';
import { tagInvoice } from '@fe/telemetry';
import { noteNumberingOf, type TenantProfile } from '@fe/tenancy';
import type { NumberAllocator } from '../numbering/number-allocator.ts';
import type { InvoiceLedger } from './ledger.ts';
import type { NoteRequest } from './decide.ts';
import { checkNote, invoicePartsOf, noteBuildRulesOf } from './note-identity.ts';
import { noteRequestedEvent, type NoteRequested } from './note-requested-event.ts';

export type FinishNotePorts = { store: EventStore; allocator: NumberAllocator; clock: Clock };

/**
 * The note's numbering as a resolution for the allocator: notes have no DIAN resolution (annex 1.9
 * §10.1), so no dates bound it and no technical key enters their CUDE (the PIN does).
 */
export function noteResolution(profile: TenantProfile, kind: 'credit' | 'debit'): NumberingResolution {
  const series = noteNumberingOf(profile)[kind];
  return {
    id: `${kind}-notes`,
    authorizationNumber: '',
    prefix: series.prefix,
    from: series.from,
    to: series.to,
    startDate: '0000-01-01',
    endDate: '9999-12-31',
    technicalKey: '',
  };
}

/**
 * Numbers a reserved note on its own stream, then records the issue on the invoice's ledger. Deterministic from
 * the reservation, so whoever finishes a note whose ingress died produces the same note, once.
 */
export async function finishNote(
  ports: FinishNotePorts,
  profile: TenantProfile,
  ledger: InvoiceLedger,
  reservation: InvoiceNoteReservedV2,
): Promise<NoteRequested> {
  const r = reservation.data;
  const resolution = noteResolution(profile, r.kind);
  const parts = invoicePartsOf(ledger);
  const buildRules = noteBuildRulesOf(ledger.requested);
  const checked = checkNote(r.kind, r.request as NoteRequest, r.lines, r.allowance_charges, parts, buildRules);
  // they were checked when reserved
  if (!checked.ok) throw new RangeError(`a reserved note's lines no longer check: ${checked.error.code}`);
  const numberable = {
    kind: r.kind,
    request: r.request as NoteRequest,
    checked: checked.value,
    lines: r.lines,
    allowanceCharges: r.allowance_charges,
    parts,
    buildRules, // as decideNote checked it
    issuedAt: new Date(r.issued_at),
    prefix: resolution.prefix,
    idempotencyKey: r.idempotency_key,
    reservationId: r.reservation_id,
  };
  const meta = {
    tenantId: reservation.tenant_id,
    correlationId: reservation.correlation_id,
    causationId: reservation.id,
  };
  const noteEvent = (number: string): Envelope => noteRequestedEvent(numberable, number, profile, meta, ports.clock);
  const owns = (first: Envelope) => (first.data as { reservation_id?: string }).reservation_id === r.reservation_id;
  const requested = (await ports.allocator.allocateOwned(
    reservation.tenant_id,
    resolution,
    BigInt(r.numbered_after),
    noteEvent,
    owns,
  )) as NoteRequested;
  if (requested.invoice_id) tagInvoice(requested.invoice_id); // the POST's span names the note it issued

  const same = (other: InvoiceNoteReservedV2) => other.data.reservation_id === r.reservation_id;
  if (ledger.reservations.some(same) && !ledger.open.some(same)) return requested; // its issue is on the ledger already
  const issued = newInvoiceEvent(
    'InvoiceNoteIssued',
    {
      reservation_id: r.reservation_id,
      kind: r.kind,
      concept: r.concept,
      amount: r.amount,
      document_id: requested.data.document_id,
      note_invoice_id: requested.invoice_id!,
      cude: requested.data.cude,
    },
    {
      tenantId: reservation.tenant_id,
      invoiceId: ledger.invoiceId,
      correlationId: reservation.correlation_id,
      causationId: requested.id,
    },
    ports.clock,
  );
  // 'any': another finisher may have recorded it first; a second record of one reservation is folded once.
  await ports.store.append(ledger.invoiceId, [issued], 'any');
  return requested;
}

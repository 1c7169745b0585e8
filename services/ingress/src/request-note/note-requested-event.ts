import type { CreditNoteRequestedV3, DebitNoteRequestedV3, InvoiceRequest, NoteKind } from '@fe/contracts';
import type { BuildRules, ValidatedNote } from '@fe/dian-domain';
import { invoiceStreamName, newInvoiceEvent, type Clock } from '@fe/platform';
import type { TenantProfile } from '@fe/tenancy';
import type { NoteRequest } from './decide.ts';
import { noteIdentity, type NoteParts } from './note-identity.ts';

export type NoteRequested = CreditNoteRequestedV3 | DebitNoteRequestedV3;

/** Everything a note's first event records but its number. */
export type NumberableNote = {
  kind: NoteKind;
  request: NoteRequest;
  /** checkNote's value for these lines and parts: its totals make the CUDE. */
  checked: ValidatedNote;
  lines: InvoiceRequest['lines'];
  allowanceCharges: InvoiceRequest['allowance_charges'];
  parts: NoteParts;
  buildRules: BuildRules;
  issuedAt: Date;
  prefix: string;
  idempotencyKey?: string | undefined;
  /** The InvoiceNoteReserved it fulfils, for a note on an invoice issued here. */
  reservationId?: string | undefined;
};

/** The note's first event once numbered (CreditNoteRequested.v3 / DebitNoteRequested.v3), for both paths. */
export function noteRequestedEvent(
  note: NumberableNote,
  number: string,
  profile: TenantProfile,
  meta: { tenantId: string; correlationId: string; causationId: string },
  clock: Clock,
): NoteRequested {
  const consecutive = BigInt(number).toString();
  const identity = noteIdentity(note.checked, profile, note.prefix, consecutive, note.issuedAt);
  const data = {
    prefix: note.prefix,
    number: consecutive,
    document_id: identity.documentId,
    environment: profile.environment,
    issued_at: identity.issuedAt,
    cude: identity.cude,
    payable_amount: identity.payableAmount,
    ...(note.idempotencyKey !== undefined ? { idempotency_key: note.idempotencyKey } : {}),
    build_rules: note.buildRules, // checkNote built the CUDE's amounts with these
    ...(note.reservationId !== undefined ? { reservation_id: note.reservationId } : {}),
    ...note.parts,
    lines: note.lines,
    ...(note.allowanceCharges ? { allowance_charges: note.allowanceCharges } : {}),
  };
  const withStream = { ...meta, invoiceId: invoiceStreamName(meta.tenantId, identity.documentId) };
  return note.kind === 'credit'
    ? newInvoiceEvent(
        'CreditNoteRequested',
        { ...data, request: note.request as CreditNoteRequestedV3['data']['request'] },
        withStream,
        clock,
      )
    : newInvoiceEvent(
        'DebitNoteRequested',
        { ...data, request: note.request as DebitNoteRequestedV3['data']['request'] },
        withStream,
        clock,
      );
}

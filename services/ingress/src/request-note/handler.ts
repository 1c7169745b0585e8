import { randomUUID } from 'node:crypto';
import type { InvoiceNoteReservedV2, NoteKind } from '@fe/contracts';
import { invoiceStreamName, newInvoiceEvent, runReaction } from '@fe/platform';
import type { TenantProfile } from '@fe/tenancy';
import { ApiError } from '../http/api-error.ts';
import type { StoredResponse } from '../idempotency/idempotency-store.ts';
import { findRequestedByKey } from '../idempotency/find-requested-by-key.ts';
import { withIdempotencyKey } from '../idempotency/with-idempotency-key.ts';
import type { InvoiceCommand } from '../request-invoice/handler.ts';
import { readyProfile } from '../request-invoice/ready-profile.ts';
import { waitAndAnswer } from '../request-invoice/wait-and-answer.ts';
import { decideNote, parseNoteRequest, type DecidedNote, type NoteRequest } from './decide.ts';
import { finishNote, noteResolution } from './finish-note.ts';
import { ledgerFold, readLedger, type InvoiceLedger } from './ledger.ts';
import { orThrow } from './or-throw.ts';
import type { RequestNotePorts } from './ports.ts';
import { issueUnlinkedNote } from './unlinked-note.ts';

type InvoiceReference = NonNullable<NoteRequest['invoice']>;

export type { InvoiceIdByCufe, RequestNotePorts } from './ports.ts';

/**
 * Reservations one request may lose to concurrent ones before it answers 503 (each loss means another note was
 * recorded).
 */
const MAX_ATTEMPTS = 64;

/**
 * POST /credit-note and /debit-note (docs/notes.md). The reservation, appended at the version the balance was read
 * at, is the commit point: a concurrent note makes it conflict and the request decides again.
 */
export async function requestNote(
  ports: RequestNotePorts,
  kind: NoteKind,
  command: InvoiceCommand,
): Promise<StoredResponse> {
  const profile = await readyProfile(ports, command.tenantId);
  return withIdempotencyKey(ports, command, `${kind}-note`, async (takenOverAt) => {
    const request = orThrow(parseNoteRequest(kind, command.body));
    if (request.invoice === undefined) {
      // No ledger to find its note on: a note a dead request numbered is found by its key, as an invoice is.
      const orphan =
        takenOverAt === undefined
          ? undefined
          : await findRequestedByKey(ports.store, takenOverAt, command.tenantId, command.idempotencyKey!, kind);
      if (orphan) return await waitAndAnswer(ports, orphan, command.waitMs);
      return await issueUnlinkedNote(ports, profile, kind, command, request);
    }
    const invoiceId = await locateInvoice(ports, command.tenantId, request.invoice);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const ledger = await readLedger(ports.store, invoiceId);
      if (!ledger) throw notFound(request.invoice);
      // The same key's note is answered, not made again: one a request left unnumbered (it failed, or died), or
      // any when the key was taken over from a request that died. A key reused after its 24 h makes a new note.
      const own =
        command.idempotencyKey === undefined
          ? undefined
          : ledger.reservations.find(
              (r) =>
                r.data.idempotency_key === command.idempotencyKey &&
                r.data.kind === kind &&
                (takenOverAt !== undefined || ledger.open.includes(r)),
            );
      if (own) return await waitAndAnswer(ports, await finishNote(ports, profile, ledger, own), command.waitMs);
      // A note reserved but never numbered (its ingress died, or is numbering it now) is finished first: it counts
      // either way, and finishing it twice yields one note.
      if (ledger.open.length) {
        for (const reservation of ledger.open) await finishNote(ports, profile, ledger, reservation);
        continue;
      }
      const decided = orThrow(decideNote(kind, request, ledger));
      const reservation = await reserve(ports, profile, kind, command, request, ledger, decided);
      if (!reservation) continue; // another note was recorded since the read: decide again on the new balance
      const requested = await finishNote(ports, profile, ledger, reservation);
      return await waitAndAnswer(ports, requested, command.waitMs);
    }
    throw new ApiError('UNAVAILABLE', 'The invoice is too busy with concurrent notes; try again.');
  });
}

async function reserve(
  ports: RequestNotePorts,
  profile: TenantProfile,
  kind: NoteKind,
  command: InvoiceCommand,
  request: NoteRequest,
  ledger: InvoiceLedger,
  decided: DecidedNote,
): Promise<InvoiceNoteReservedV2 | undefined> {
  const issuedAt = new Date(Math.floor(ports.clock.now().getTime() / 1000) * 1000); // the XML carries seconds
  const resolution = noteResolution(profile, kind);
  const numberedAfter = await ports.allocator.knownUsed(command.tenantId, resolution);
  // Refused before reserving, so an exhausted range leaves no reservation behind. Concurrent notes may
  // still take the last numbers after this check: that reservation then waits, counted, until the
  // range is extended (pnpm fe tenant note-numbering) and the next note on the invoice finishes it.
  if (numberedAfter >= BigInt(resolution.to)) {
    throw new ApiError('NUMBER_OUT_OF_RANGE', 'The note numbering range is exhausted.', [
      { path: 'number', message: `every number up to ${resolution.to} for prefix "${resolution.prefix}" is used` },
    ]);
  }
  const reservation = newInvoiceEvent(
    'InvoiceNoteReserved',
    {
      reservation_id: randomUUID(),
      kind,
      concept: request.concept,
      amount: decided.amount,
      issued_at: issuedAt.toISOString(),
      request,
      lines: decided.lines,
      ...(decided.allowanceCharges ? { allowance_charges: decided.allowanceCharges } : {}),
      numbered_after: numberedAfter.toString(),
      ...(command.idempotencyKey !== undefined ? { idempotency_key: command.idempotencyKey } : {}),
    },
    {
      tenantId: command.tenantId,
      invoiceId: ledger.invoiceId,
      correlationId: command.requestId,
      causationId: command.requestId,
    },
    ports.clock,
  );
  // Decided on the ledger as read: any event recorded since may change the balance, so a conflict is lost.
  const run = await runReaction({
    store: ports.store,
    stream: ledger.invoiceId,
    fold: ledgerFold,
    loaded: { version: ledger.version, state: ledger.state },
    decide: () => ({ action: 'reserve' }),
    act: async () => ({ events: [reservation], onConflict: 'lost_race' }),
  });
  return run.outcome === 'lost_race' ? undefined : reservation;
}

/**
 * The invoice's stream: by prefix + number its name, by CUFE the status store's row; another tenant's invoice is never
 * found.
 */
async function locateInvoice(ports: RequestNotePorts, tenantId: string, ref: InvoiceReference): Promise<string> {
  if (ref.cufe === undefined) return invoiceStreamName(tenantId, `${ref.prefix ?? ''}${BigInt(ref.number!)}`);
  const found = await ports.invoices.findByCufe(tenantId, ref.cufe);
  if (!found) throw notFound(ref);
  return found.invoiceId;
}

function notFound(ref: InvoiceReference): ApiError {
  const [path, named] =
    ref.cufe !== undefined ? ['invoice.cufe', ref.cufe] : ['invoice.number', `${ref.prefix ?? ''}${ref.number}`];
  return new ApiError('REFERENCED_INVOICE_NOT_FOUND', 'This tenant has no invoice with that reference.', [
    { path, message: `no invoice ${named}` },
  ]);
}

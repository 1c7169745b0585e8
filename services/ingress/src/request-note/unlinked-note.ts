import type { NoteKind } from '@fe/contracts';
import { CURRENT_BUILD_RULES } from '@fe/dian-domain';
import { tagInvoice } from '@fe/telemetry';
import type { TenantProfile } from '@fe/tenancy';
import { ApiError } from '../http/api-error.ts';
import type { StoredResponse } from '../idempotency/idempotency-store.ts';
import type { InvoiceCommand } from '../request-invoice/handler.ts';
import { waitAndAnswer } from '../request-invoice/wait-and-answer.ts';
import type { NoteRequest } from './decide.ts';
import { decideUnlinkedNote } from './decide-unlinked.ts';
import { noteResolution } from './finish-note.ts';
import type { RequestNotePorts } from './ports.ts';
import { noteRequestedEvent, type NoteRequested } from './note-requested-event.ts';
import { orThrow } from './or-throw.ts';

/**
 * A note on no invoice of this product is numbered as an invoice is: its first event, appended to the first free
 * number's stream, is the commit point. No invoice stream holds it, so nothing is reserved (docs/notes.md).
 */
export async function issueUnlinkedNote(
  ports: RequestNotePorts,
  profile: TenantProfile,
  kind: NoteKind,
  command: InvoiceCommand,
  request: NoteRequest,
): Promise<StoredResponse> {
  const external = request.external_invoice;
  // An invoice issued here is corrected through its ledger, where the balance rules hold.
  if (external && (await ports.invoices.findByCufe(command.tenantId, external.cufe))) {
    throw new ApiError('VALIDATION_ERROR', 'The request has invalid or missing fields.', [
      { path: 'external_invoice.cufe', message: 'esta factura se emitió aquí: nómbrela en invoice' },
    ]);
  }
  const decided = orThrow(decideUnlinkedNote(kind, request));
  const resolution = noteResolution(profile, kind);
  const numberable = {
    kind,
    request,
    checked: decided.checked,
    lines: decided.lines,
    allowanceCharges: decided.allowanceCharges,
    parts: decided.parts,
    buildRules: CURRENT_BUILD_RULES,
    issuedAt: new Date(Math.floor(ports.clock.now().getTime() / 1000) * 1000), // the XML carries seconds
    prefix: resolution.prefix,
    idempotencyKey: command.idempotencyKey,
  };
  const meta = { tenantId: command.tenantId, correlationId: command.requestId, causationId: command.requestId };
  let requested: NoteRequested | undefined;
  await ports.allocator.allocate(command.tenantId, resolution, undefined, (number) => {
    requested = noteRequestedEvent(numberable, number, profile, meta, ports.clock);
    return requested;
  });
  tagInvoice(requested!.invoice_id!);
  return waitAndAnswer(ports, requested!, command.waitMs);
}

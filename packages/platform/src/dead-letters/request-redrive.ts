import { topics, topology, type InvoiceEvent, type ProcessingStep } from '@fe/contracts';
import { documentStream } from '../document-stream/document-state.ts';
import { loadState } from '../document-stream/run-reaction.ts';
import { PlatformError } from '../errors.ts';
import { metaCausedBy, newInvoiceEvent } from '../invoice-stream/invoice-stream.ts';
import type { Clock } from '../ports/clock.ts';
import type { DeadLetterStore } from '../ports/dead-letter-store.ts';
import type { EventStore } from '../ports/event-store.ts';

const stepOfGroup = new Map<string, ProcessingStep>(
  Object.values(topology).flatMap((service) =>
    service.consumerGroup && service.step ? [[service.consumerGroup, service.step] as const] : [],
  ),
);

export type RedriveDeps = { store: EventStore; letters: DeadLetterStore | undefined; clock: Clock };
export type Redriven = { step: ProcessingStep; deadLetterIds: number[]; event: InvoiceEvent };

/**
 * An operator's re-drive of an invoice whose step failed for good (`pnpm fe redrive`, the portal): records
 * InvoiceRedriveRequested (who asked) and hands the invoice's dead letters back. Refused with REDRIVE_FINAL for
 * a verdict and no dead letter, REDRIVE_NOT_FAILED when no step failed for good, REDRIVE_NOT_FOUND for an unknown
 * stream.
 */
export async function requestRedrive(deps: RedriveDeps, invoiceId: string, requestedBy: string): Promise<Redriven> {
  const { version, state } = await loadState(deps.store, invoiceId, documentStream);
  if (version === 'no_stream' || !state.requested)
    throw new PlatformError('REDRIVE_NOT_FOUND', `no invoice ${invoiceId}`, false);
  const letters = (await deps.letters?.list()) ?? [];
  const mine = letters.filter(
    (l) =>
      l.topic === topics.invoiceEvents.name && l.message.value.invoice_id === invoiceId && stepOfGroup.has(l.group),
  );
  // A step after the verdict (the PDF, the mail) may still be dead-lettered; otherwise a verdict is final.
  if (state.verdict && mine.length === 0)
    throw new PlatformError(
      'REDRIVE_FINAL',
      `invoice ${invoiceId} is ${state.verdict.type}: nothing to re-drive`,
      false,
    );
  const { last, redrivenAfter } = state.submission;
  const submissionGaveUp =
    last?.kind === 'failed' &&
    !last.data.retriable &&
    (redrivenAfter === undefined || redrivenAfter < last.data.attempt);
  const step = mine.length ? stepOfGroup.get(mine[0]!.group)! : submissionGaveUp ? 'submission' : undefined;
  if (!step) throw new PlatformError('REDRIVE_NOT_FAILED', `no step of invoice ${invoiceId} failed for good`, false);

  const cause = state.submission.cause ?? state.requested;
  const event = newInvoiceEvent(
    'InvoiceRedriveRequested',
    {
      step,
      requested_by: requestedBy.slice(0, 200),
      requested_at: deps.clock.now().toISOString(),
      ...(mine.length ? { dead_letter_ids: mine.map((l) => l.id) } : {}),
    },
    metaCausedBy(cause),
    deps.clock,
  );
  // At the version read: two operators re-driving at once record one request.
  await deps.store.append(invoiceId, [event], version);
  if (mine.length)
    await deps.letters!.requestRedrive(
      mine.map((l) => l.id),
      deps.clock.now(),
    );
  return { step, deadLetterIds: mine.map((l) => l.id), event };
}

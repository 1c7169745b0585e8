import type { EventStore, RecordedEvent } from '@fe/platform';
import { timelines, type StepEvent, type Timeline } from './stage-times.ts';

/**
 * An invoice is done when DIAN's verdict is recorded (or a step gave up), and an accepted one's PDF is drawn and its
 * mail's outcome recorded: a window that closed before the mail would leave the notifier's work to the next one.
 */
const done = (line: Timeline) =>
  line.has('InvoiceProcessingHalted') ||
  line.has('InvoiceRejected') ||
  (line.has('InvoiceAccepted') && line.has('InvoiceRendered') && mailSettled(line));

const mailSettled = (line: Timeline) =>
  line.has('BuyerNotified') || line.has('BuyerNotificationSkipped') || line.has('BuyerNotificationFailed');

/** The timelines of the `count` invoices requested since `since`, once all are done or after `timeoutMs`. */
export async function settledTimelines(
  store: EventStore,
  since: number,
  count: number,
  answeredAt: ReadonlyMap<string, number>,
  timeoutMs = 180_000,
): Promise<{ lines: Timeline[]; complete: boolean }> {
  const events: StepEvent[] = [];
  let after = 0n;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (
      let page = await store.readAll({ after, limit: 1000 });
      page.length;
      page = await store.readAll({ after, limit: 1000 })
    ) {
      events.push(...page.map(stepEvent));
      after = page.at(-1)!.position;
    }
    const lines = timelines(events, since, answeredAt);
    const complete = lines.length >= count && lines.every(done);
    if (complete || Date.now() > deadline) return { lines, complete };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stepEvent(event: RecordedEvent): StepEvent {
  const { type, data } = event.envelope as { type: string; data: { cufe?: unknown } };
  return {
    stream: event.stream,
    type,
    recordedAt: event.recordedAt,
    ...(typeof data.cufe === 'string' ? { cufe: data.cufe } : {}),
  };
}

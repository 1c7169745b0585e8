import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Context } from '@opentelemetry/api';
import type { BusMessage, EventBus } from '@fe/platform';
import { inSpan, markFailed, tracerFor } from './spans.ts';

/**
 * The relay's publishes as PRODUCER spans: one per batch and trace, the child of the context its events were
 * appended in, so each invoice's trace shows when its events left for the bus. The headers are left as they are:
 * the consumers stay children of the append.
 */
export function tracingPublishes<Bus extends EventBus>(bus: Bus, service: string): Bus {
  const tracer = tracerFor(service);
  const publish: EventBus['publish'] = async (topic, messages) => {
    const spans = byTrace(messages).map(({ parent, batch }) => {
      const invoices = new Set(batch.map((m) => m.value.invoice_id));
      const [invoiceId] = invoices;
      return tracer.startSpan(
        `publish ${topic}`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'messaging.operation.type': 'send',
            'messaging.destination.name': topic,
            'messaging.batch.message_count': messages.length,
            'fe.event.types': [...new Set(batch.map((m) => m.value.type))],
            ...(invoices.size === 1 && invoiceId ? { 'fe.invoice_id': invoiceId } : {}),
          },
        },
        parent,
      );
    });
    const first = spans[0];
    try {
      const send = () => bus.publish(topic, messages);
      // The first trace's span is the parent of the bus's own steps (a producer started on the first publish).
      await (first ? context.with(trace.setSpan(context.active(), first), send) : send());
    } catch (error) {
      for (const span of spans) markFailed(span, error);
      throw error;
    } finally {
      for (const span of spans) span.end();
    }
  };
  const traced: EventBus = { publish, subscribe: (options) => bus.subscribe(options), close: () => bus.close() };
  if (bus.settledThrough) traced.settledThrough = (topic, lastPublished) => bus.settledThrough!(topic, lastPublished);
  if (bus.redrive) traced.redrive = (letter) => bus.redrive!(letter);
  if (bus.subscriptions) traced.subscriptions = () => bus.subscriptions!();
  return traced as Bus;
}

/** Runs a step of a traced operation as a child span; outside any span it just runs (no orphan roots). */
export function childStep(service: string): <T>(name: string, work: () => Promise<T>) => Promise<T> {
  const tracer = tracerFor(service);
  return (name, work) => (trace.getActiveSpan() ? inSpan(tracer, name, {}, () => work()) : work());
}

function byTrace(messages: readonly BusMessage[]): { parent: Context; batch: BusMessage[] }[] {
  const groups = new Map<string, { parent: Context; batch: BusMessage[] }>();
  for (const message of messages) {
    const parent = propagation.extract(ROOT_CONTEXT, message.headers ?? {});
    const key = trace.getSpanContext(parent)?.traceId ?? '';
    const group = groups.get(key) ?? { parent, batch: [] };
    group.batch.push(message);
    groups.set(key, group);
  }
  return [...groups.values()];
}

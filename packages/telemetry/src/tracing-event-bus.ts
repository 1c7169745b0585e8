import { context, propagation, ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import type { BusMessage, EventBus } from '@fe/platform';
import { instruments } from './instruments.ts';
import { inSpan, tracerFor } from './spans.ts';

/**
 * Any EventBus with W3C trace context in its headers: publish carries the caller's context, each handler runs
 * in a CONSUMER span under its message's context. Optional bus capabilities pass through unchanged.
 */
export function tracingEventBus<Bus extends EventBus>(bus: Bus): Bus {
  const traced: EventBus = {
    publish: (topic, messages) => bus.publish(topic, messages.map(withTraceHeaders)),
    subscribe: (options) =>
      bus.subscribe({
        ...options,
        handler: (message) => {
          const { topic, group } = options;
          if (message.behind !== undefined) instruments().consumerLag.record(Number(message.behind), { topic, group });
          if (options.handles && !options.handles(message)) return options.handler(message);
          const parent = propagation.extract(ROOT_CONTEXT, message.headers ?? {});
          const attributes = {
            'messaging.operation.type': 'process',
            'messaging.destination.name': topic,
            'messaging.consumer.group.name': group,
            'messaging.message.id': message.value.id,
            'fe.event.type': message.value.type,
            'fe.delivery.attempt': message.attempt,
            ...(message.value.invoice_id ? { 'fe.invoice_id': message.value.invoice_id } : {}),
          };
          return inSpan(
            tracerFor(group),
            `${group} ${message.value.type}`,
            { kind: SpanKind.CONSUMER, parent, attributes },
            () => options.handler(message),
          );
        },
      }),
    close: () => bus.close(),
  };
  if (bus.settledThrough) traced.settledThrough = (topic, lastPublished) => bus.settledThrough!(topic, lastPublished);
  if (bus.redrive) traced.redrive = (letter) => bus.redrive!(letter);
  if (bus.subscriptions) traced.subscriptions = () => bus.subscriptions!();
  return traced as Bus;
}

function withTraceHeaders(message: BusMessage): BusMessage {
  if (message.headers?.traceparent) return message;
  const current: Record<string, string> = {};
  propagation.inject(context.active(), current);
  return current.traceparent ? { ...message, headers: { ...message.headers, ...current } } : message;
}

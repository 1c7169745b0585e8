import { isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * The active span's ids for a log line (pino's `mixin`): a line written inside a span carries `trace_id` and
 * `span_id`, so a trace finds its lines and a line its trace. Nothing outside a span or with telemetry off.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : {};
}

/**
 * W3C trace context, kept by the event store beside the events, never in the envelope, so the relay can put it
 * in message headers and another process continues the trace (docs/observability.md).
 */
export type TraceContext = Readonly<{ traceparent: string; tracestate?: string }>;

// W3C Trace Context: version-traceid-parentid-flags, lowercase hex; tracestate at most 512 characters.
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const MAX_TRACESTATE = 512;

/**
 * The trace context in `carrier`, or undefined without a well-formed `traceparent`. Only the two W3C keys are
 * kept, so nothing else a carrier held is stored or republished.
 */
export function traceContextOf(
  carrier: Readonly<Record<string, unknown>> | null | undefined,
): TraceContext | undefined {
  const traceparent = carrier?.traceparent;
  if (typeof traceparent !== 'string' || !TRACEPARENT.test(traceparent)) return undefined;
  const tracestate = carrier?.tracestate;
  return typeof tracestate === 'string' && tracestate.length > 0 && tracestate.length <= MAX_TRACESTATE
    ? { traceparent, tracestate }
    : { traceparent };
}

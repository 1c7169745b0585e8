/**
 * W3C trace context as a carrier: `traceparent`, and `tracestate` when there is one. Transport,
 * not domain: the event store keeps it beside the events, never in the envelope, so the relay can
 * put it in the published message's headers and a consumer in another process continues the trace
 * (docs/observability.md, "How the context crosses processes").
 */
export type TraceContext = Readonly<{ traceparent: string; tracestate?: string }>;

// W3C Trace Context: version-traceid-parentid-flags, lowercase hex; tracestate at most 512 characters.
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const MAX_TRACESTATE = 512;

/**
 * The trace context in `carrier` (message headers, a stored column), or undefined when it holds
 * no well-formed `traceparent`. Only the two W3C keys are kept, so a store never persists, and a
 * relay never republishes, anything else a carrier happened to hold.
 *
 *   traceContextOf({ traceparent: '00-4bf9…-00f0…-01', 'x-store-position': '7' }); // { traceparent: '00-4bf9…-00f0…-01' }
 */
export function traceContextOf(carrier: Readonly<Record<string, unknown>> | null | undefined): TraceContext | undefined {
  const traceparent = carrier?.traceparent;
  if (typeof traceparent !== 'string' || !TRACEPARENT.test(traceparent)) return undefined;
  const tracestate = carrier?.tracestate;
  return typeof tracestate === 'string' && tracestate.length > 0 && tracestate.length <= MAX_TRACESTATE ? { traceparent, tracestate } : { traceparent };
}

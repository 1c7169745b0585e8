import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanKind,
  type Tracer,
} from '@opentelemetry/api';

/**
 * One tracer per service, named after it (`fe.signer`, `fe.ingress`, …; the consumer group names). Take it once
 * the SDK started (not at a module's top): one taken before can stay a no-op.
 */
export function tracerFor(service: string): Tracer {
  return trace.getTracer(service);
}

/** The invoice a span is about, kept in the context so the spans opened under it carry it too (the DIAN call). */
const INVOICE = createContextKey('fe.invoice_id');

/**
 * Runs `work` in a new active span, failed when it throws; without `fe.invoice_id` it takes its parent's. Spans
 * carry ids, codes and names only, never a message, header, certificate or key (docs/observability.md, "What a
 * span never carries").
 */
export function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const run = async (span: Span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  };
  const parent = options.parent ?? context.active();
  const inherited = parent.getValue(INVOICE);
  const attributes = {
    ...(typeof inherited === 'string' ? { 'fe.invoice_id': inherited } : {}),
    ...options.attributes,
  };
  const invoiceId = attributes['fe.invoice_id'];
  const spanOptions = {
    ...(options.kind !== undefined ? { kind: options.kind } : {}),
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
  const scope = typeof invoiceId === 'string' ? parent.setValue(INVOICE, invoiceId) : parent;
  return tracer.startActiveSpan(name, spanOptions, scope, run);
}

/** Names the invoice on the active span (the POST, once it knows the id). */
export function tagInvoice(invoiceId: string): void {
  trace.getActiveSpan()?.setAttribute('fe.invoice_id', invoiceId);
}

/**
 * Error status with the error's name and stable code only: messages may quote what a caller sent
 * (docs/architecture.md: errors carry codes), and a span is exported outside the service.
 */
export function markFailed(span: Span, error: unknown): void {
  const name = error instanceof Error ? error.name : 'Error';
  const code =
    typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : undefined;
  span.setStatus({ code: SpanStatusCode.ERROR, message: code ? `${name} ${code}` : name });
  span.setAttribute('error.type', code ?? name);
}

/** The W3C headers (`traceparent`, `tracestate`) of the active span, for an outgoing request; none outside a span. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/** The caller's context from an incoming request's headers (a root context without a `traceparent`). */
export function remoteParent(headers: Readonly<Record<string, string | string[] | undefined>>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/**
 * Times `work` in a root span that is never made active: what `work` leaves running (a loop, a consumer) does not
 * inherit it. A process's start, so each process exports its resource at least once.
 */
export async function inRootSpan<T>(service: string, name: string, work: () => Promise<T>): Promise<T> {
  const span = tracerFor(service).startSpan(name, {}, ROOT_CONTEXT);
  try {
    return await work();
  } catch (error) {
    markFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

import {
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanKind,
  type Tracer,
} from '@opentelemetry/api';

/** One tracer per service, named after it (`fe.signer`, `fe.ingress`, …; the consumer group names). */
export function tracerFor(service: string): Tracer {
  return trace.getTracer(service);
}

/**
 * Runs `work` in a new active span, failed when it throws. Spans carry ids, codes and names only, never a message,
 * header, certificate or key (docs/observability.md, "What a span never carries").
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
  const spanOptions = {
    ...(options.kind !== undefined ? { kind: options.kind } : {}),
    ...(options.attributes ? { attributes: options.attributes } : {}),
  };
  return options.parent
    ? tracer.startActiveSpan(name, spanOptions, options.parent, run)
    : tracer.startActiveSpan(name, spanOptions, run);
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

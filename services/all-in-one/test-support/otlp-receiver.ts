/* eslint-disable @typescript-eslint/no-explicit-any -- OTLP JSON bodies are read field by field */
// An OTLP/HTTP receiver for tests: takes what an exporter POSTs to /v1/traces and /v1/metrics
// (JSON, the encoding of @opentelemetry/exporter-*-otlp-http), keeps it, answers 200.
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
};
type OtlpAttribute = { key: string; value: OtlpValue };
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  status?: { code?: number; message?: string };
};
/** A span with its resource's service.name and every resource attribute as a plain string. */
export type ReceivedSpan = OtlpSpan & { service: string; resource: Record<string, string> };
/**
 * One data point of a metric (a sum's or a histogram's), with its resource's service.name and its attributes as plain
 * strings.
 */
export type ReceivedPoint = {
  service: string;
  labels: Record<string, string>;
  asInt?: string | number;
  asDouble?: number;
  count?: string | number;
  sum?: number;
};

export type OtlpReceiver = {
  url: string;
  /** Every span received, with its resource's service.name and attributes. */
  spans(): ReceivedSpan[];
  /** Every metric export request body as received. */
  metricExports: any[];
  /** Every data point received of the metric `name`. */
  points(name: string): ReceivedPoint[];
  /** Every body as text (to search for what must never be exported). */
  bodies: string[];
  close(): Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const traceExports: any[] = [];
  const metricExports: any[] = [];
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const text = raw.toString('utf8');
      const json = request.headers['content-type']?.includes('json');
      if (request.method !== 'POST' || !json) {
        response.writeHead(415).end();
        return;
      }
      bodies.push(text);
      if (request.url === '/v1/traces') traceExports.push(JSON.parse(text));
      else if (request.url === '/v1/metrics') metricExports.push(JSON.parse(text));
      else return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () =>
      traceExports.flatMap((body) =>
        (body.resourceSpans ?? []).flatMap((resource: any) => {
          const attributes: Record<string, string> = Object.fromEntries(
            (resource.resource?.attributes ?? []).map((a: OtlpAttribute) => [a.key, plain(a.value)]),
          );
          const service = attributes['service.name'] ?? '';
          return (resource.scopeSpans ?? []).flatMap((scope: any) =>
            (scope.spans ?? []).map((span: OtlpSpan) => ({ ...span, service, resource: attributes })),
          );
        }),
      ),
    metricExports,
    points: (name) =>
      metricExports.flatMap((body) =>
        (body.resourceMetrics ?? []).flatMap((resource: any) => {
          const service =
            resource.resource?.attributes?.find((a: OtlpAttribute) => a.key === 'service.name')?.value?.stringValue ??
            '';
          return (resource.scopeMetrics ?? []).flatMap((scope: any) =>
            (scope.metrics ?? [])
              .filter((metric: any) => metric.name === name)
              .flatMap((metric: any) =>
                ((metric.sum?.dataPoints ?? metric.histogram?.dataPoints ?? []) as any[]).map((point) => ({
                  ...point,
                  service,
                  labels: Object.fromEntries(
                    (point.attributes ?? []).map((a: OtlpAttribute) => [a.key, plain(a.value)]),
                  ),
                })),
              ),
          );
        }),
      ),
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An attribute's value as a plain string (arrays joined with commas), or undefined. */
export function attribute(span: OtlpSpan, key: string): string | undefined {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? plain(value) : undefined;
}

export function plain(value: OtlpValue): string {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain).join(',');
  return String(value.stringValue ?? value.intValue ?? value.doubleValue ?? value.boolValue ?? '');
}

export type TraceTree = {
  /** The spans of that name. */
  named(name: string): ReceivedSpan[];
  parentOf(span: ReceivedSpan): ReceivedSpan | undefined;
  /** The names of the span's ancestors, its parent first. */
  ancestors(span: ReceivedSpan): string[];
};

/** Walks the spans of one trace by their parent links. */
function traceTree(trace: readonly ReceivedSpan[]): TraceTree {
  const parentOf = (span: ReceivedSpan) => trace.find((other) => other.spanId === span.parentSpanId);
  return {
    named: (name) => trace.filter((span) => span.name === name),
    parentOf,
    ancestors(span) {
      const chain: string[] = [];
      for (let at = parentOf(span); at; at = parentOf(at)) chain.push(at.name);
      return chain;
    },
  };
}

/**
 * The trace of the one invoice POSTed: its root (the POST's SERVER span), every span of its trace, the tree. Throws
 * unless exactly one POST was received.
 */
export function invoiceTrace(spans: readonly ReceivedSpan[]): {
  root: ReceivedSpan;
  trace: ReceivedSpan[];
  tree: TraceTree;
} {
  const posts = spans.filter((span) => span.name === 'POST /api/v1/service/invoice');
  if (posts.length !== 1) throw new Error(`expected one POST span, received ${posts.length}`);
  const root = posts[0]!;
  const trace = spans.filter((span) => span.traceId === root.traceId);
  return { root, trace, tree: traceTree(trace) };
}

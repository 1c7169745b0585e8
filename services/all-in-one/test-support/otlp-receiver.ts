/* eslint-disable @typescript-eslint/no-explicit-any -- OTLP JSON bodies are read field by field */
// An OTLP/HTTP receiver for tests: takes what an exporter POSTs to /v1/traces and /v1/metrics
// (JSON, the encoding of @opentelemetry/exporter-*-otlp-http), keeps it, answers 200.
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export type OtlpValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: OtlpValue[] } };
export type OtlpAttribute = { key: string; value: OtlpValue };
export type OtlpSpan = {
  traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number;
  attributes?: OtlpAttribute[]; status?: { code?: number; message?: string };
};
export type ReceivedSpan = OtlpSpan & { service: string };

export type OtlpReceiver = {
  url: string;
  /** Every span received, with its resource's service.name. */
  spans(): ReceivedSpan[];
  /** Every metric export request body as received. */
  metricExports: any[];
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
    spans: () => traceExports.flatMap((body) => (body.resourceSpans ?? []).flatMap((resource: any) => {
      const service = resource.resource?.attributes?.find((a: OtlpAttribute) => a.key === 'service.name')?.value?.stringValue ?? '';
      return (resource.scopeSpans ?? []).flatMap((scope: any) => (scope.spans ?? []).map((span: OtlpSpan) => ({ ...span, service })));
    })),
    metricExports,
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

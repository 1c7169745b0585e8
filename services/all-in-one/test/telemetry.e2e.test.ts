/* eslint-disable @typescript-eslint/no-explicit-any -- OTLP JSON bodies are read field by field */
// Traces and metrics of the embedded service over OTLP/HTTP (docs/observability.md): one invoice is
// one trace, from the POST through every reaction, and nothing secret leaves in a span.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attribute,
  plain,
  invoiceTrace,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedPoint,
  type ReceivedSpan,
  type TraceTree,
} from '../test-support/otlp-receiver.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

let receiver: OtlpReceiver;
let world: World;
let body: any;
let secrets: { apiKey: string; pin: string; certificate: string; privateKey: string };

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  world = await startWorld({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'fe-e2e' });
  const answer = await world.post(exampleRequest);
  expect(answer.status).toBe(201);
  body = answer.body;
  // Through the last reaction: the projection has recorded the PDF.
  await pollStatus(world, body.cufe, (status) => Boolean(status.pdf_url));
  const profile = (await world.embedded.tenants.profile('demo'))!;
  const credential = (await world.embedded.tenants.credential('demo', new Date()))!;
  secrets = {
    apiKey: world.apiKey,
    pin: profile.software.pin,
    certificate: Buffer.from(credential.chain[0].der).toString('base64').slice(0, 80),
    privateKey: credential.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64').slice(40, 120),
  };
  // Shutting down exports what the batch processor and the metric reader still hold.
  await world.close();
});
afterAll(async () => {
  await world?.close();
  await receiver?.close();
});

describe('one invoice, one trace', () => {
  let trace: ReceivedSpan[];
  let root: ReceivedSpan;
  let tree: TraceTree;
  const named = (name: string) => tree.named(name);
  const parentOf = (span: ReceivedSpan) => tree.parentOf(span);
  const ancestors = (span: ReceivedSpan) => tree.ancestors(span);

  beforeAll(() => {
    ({ root, trace, tree } = invoiceTrace(receiver.spans()));
  });

  it('starts at the POST, a SERVER span with the route and status, under the configured service name', () => {
    expect(root.kind).toBe(SERVER);
    expect(root.parentSpanId ?? '').toBe('');
    expect(attribute(root, 'http.route')).toBe('/api/v1/service/invoice');
    expect(attribute(root, 'http.response.status_code')).toBe('201');
    expect(root.service).toBe('fe-e2e');
  });

  it('is one tree: every other span of the trace has its parent in the trace', () => {
    const others = trace.filter((s) => s !== root);
    // At least the append, three reactions, three projections, the DIAN call and the render: an empty loop checks
    // nothing.
    expect(others.length).toBeGreaterThanOrEqual(9);
    for (const span of others) expect(parentOf(span), span.name).toBeDefined();
  });

  it('holds the append of InvoiceRequested under the POST, and one invoice only', () => {
    const [append] = named('append InvoiceRequested');
    expect(append && parentOf(append)).toBe(root);
    const invoiceIds = new Set(trace.map((span) => attribute(span, 'fe.invoice_id')).filter(Boolean));
    expect(invoiceIds.size).toBe(1);
    expect(attribute(append!, 'fe.invoice_id')).toBe([...invoiceIds][0]);
  });

  it('holds each reaction as a CONSUMER span, a descendant of the POST through the events that caused it', () => {
    const signer = named('fe.signer InvoiceRequested')[0]!;
    const submitter = named('fe.submitter InvoiceSigned')[0]!;
    const renderer = named('fe.renderer InvoiceAccepted')[0]!;
    for (const span of [signer, submitter, renderer]) {
      expect(span, 'reaction span').toBeDefined();
      expect(span.kind).toBe(CONSUMER);
      expect(ancestors(span).at(-1)).toBe(root.name);
    }
    expect(parentOf(signer)!.name).toBe('append InvoiceRequested');
    expect(ancestors(submitter)).toContain('fe.signer InvoiceRequested');
    expect(ancestors(renderer)).toContain('fe.submitter InvoiceSigned');
    const projected = named('fe.projection InvoiceRequested').concat(
      named('fe.projection InvoiceAccepted'),
      named('fe.projection InvoiceRendered'),
    );
    expect(projected.map((span) => span.name).sort()).toEqual([
      'fe.projection InvoiceAccepted',
      'fe.projection InvoiceRendered',
      'fe.projection InvoiceRequested',
    ]);
    for (const span of projected) expect(span.kind).toBe(CONSUMER);
    // A group that skips an event type (the signer and InvoiceSigned) opens no span for it.
    expect(named('fe.signer InvoiceSigned')).toEqual([]);
  });

  it('holds the SOAP call to DIAN as a CLIENT span named after its operation, under the submitter', () => {
    const calls = trace.filter((span) => span.name.startsWith('DIAN '));
    expect(calls.length).toBeGreaterThanOrEqual(1);
    for (const call of calls) {
      expect(call.kind).toBe(CLIENT);
      expect(call.name).toBe(`DIAN ${attribute(call, 'rpc.method')}`);
      expect(ancestors(call)).toContain('fe.submitter InvoiceSigned');
    }
  });

  it('holds the PDF render under the renderer', () => {
    const [render] = named('render pdf');
    expect(render && parentOf(render)!.name).toBe('fe.renderer InvoiceAccepted');
    expect(Number(attribute(render!, 'fe.pdf.pages'))).toBeGreaterThanOrEqual(1);
  });
});

describe('what telemetry never carries', () => {
  it('has no API key, PIN, certificate or key in any span attribute, nor anywhere in what was exported', () => {
    const spans = receiver.spans();
    expect(spans.length).toBeGreaterThan(10);
    const values = spans.flatMap((span) => (span.attributes ?? []).map((a) => ({ key: a.key, value: plain(a.value) })));
    expect(values.length).toBeGreaterThan(0);
    for (const { key, value } of values) {
      expect(key).not.toMatch(/authorization|api[_.-]?key|password|pin\b|secret|private/i);
      expect(value).not.toBe(secrets.pin);
    }
    expect(receiver.bodies.length).toBeGreaterThan(0);
    for (const text of receiver.bodies) {
      for (const secret of [secrets.apiKey, secrets.certificate, secrets.privateKey])
        expect(text.includes(secret)).toBe(false);
      expect(text).not.toContain('Bearer ');
    }
  });
});

describe('metrics', () => {
  const points = (name: string) => receiver.points(name);
  const labels = (point: ReceivedPoint) => point.labels;

  it('counts the invoice by its final status', () => {
    const accepted = points('fe.invoices.final').filter((p) => labels(p).status === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    expect(Math.max(...accepted.map((p) => Number(p.asInt ?? p.asDouble)))).toBe(1);
  });

  it('times the DIAN calls by operation and records the consumer lag per group', () => {
    const dian = points('fe.dian.call.duration');
    expect(dian.some((p) => labels(p).operation && labels(p).outcome === 'ok' && Number(p.count) >= 1)).toBe(true);
    const groups = new Set(points('fe.bus.consumer.lag').map((p) => labels(p).group));
    expect([...groups].sort()).toEqual(
      expect.arrayContaining(['fe.projection', 'fe.renderer', 'fe.signer', 'fe.submitter']),
    );
  });
});

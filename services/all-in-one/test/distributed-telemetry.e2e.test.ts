// One invoice's trace across processes (docs/observability.md, "How the processes connect in a trace"): after a
// graceful stop it is one tree, each hop linked through the context the event store kept and Kafka carried, and
// every process's log lines of it carry its trace_id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyIn,
  discardDistributedShape,
  PROCESSES,
  prepareDistributedRun,
  root,
  startDistributedShape,
  stopDistributedShape,
  type DistributedRun,
} from '../test-support/start-distributed.ts';
import {
  attribute,
  invoiceTrace,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
  type TraceTree,
} from '../test-support/otlp-receiver.ts';
import { duplicateKeys, logLines, type LogLine } from '../test-support/log-lines.ts';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;
/** A signed link's signature in a query string, which no log may repeat. */
const SIGNATURE = 'c2lnbmF0dXJlLWluLWEtcXVlcnk';

let receiver: OtlpReceiver;
let shape: DistributedRun | undefined;
let apiKey = '';
let posted: { status: number; cufe: string };
let refused: number[] = [];
let logs: LogLine[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  shape = await prepareDistributedRun({
    otlpEndpoint: receiver.url,
    // The SDK's own variables: a queue that holds every span of the run (a full queue drops spans) and exports them
    // often.
    env: { OTEL_METRIC_EXPORT_INTERVAL: '1000', OTEL_BSP_MAX_QUEUE_SIZE: '100000', OTEL_BSP_SCHEDULE_DELAY: '500' },
  });
  apiKey = apiKeyIn(await startDistributedShape(shape));
  const answer = await fetch(`http://127.0.0.1:${shape.ports.api}/api/v1/service/invoice`, {
    method: 'POST',
    body: readFileSync(join(root, 'examples/invoice-request.json'), 'utf8'),
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': `trace-${shape.tag}`,
    },
  });
  posted = { status: answer.status, cufe: ((await answer.json()) as { cufe: string }).cufe };
  // Through the last reaction: the projection has recorded the PDF and the mail to the buyer, whose
  // address DIAN's GetAcquirer knows (read on the other ingress instance).
  // Generous: on a Kafka other runs share, a new consumer group first works through their events.
  for (let attempt = 0; attempt < 960; attempt++) {
    const status = await fetch(`http://127.0.0.1:${shape.ports.api + 1}/api/v1/service/status/${posted.cufe}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const body = status.ok
      ? ((await status.json()) as { pdf_url?: string; buyer_notification?: { stage: string } })
      : {};
    if (body.pdf_url && ['sent', 'failed', 'no_address'].includes(body.buyer_notification?.stage ?? '')) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  // Refused before any handler: a wrong key (401), an unknown route with a signature in its query (404); and a page
  // of the portal.
  const api = `http://127.0.0.1:${shape.ports.api}/api/v1/service`;
  refused = [
    (await fetch(`${api}/status/${posted.cufe}`, { headers: { authorization: 'Bearer fe_test_wrong' } })).status,
    (await fetch(`${api}/nowhere?expires=1&signature=${SIGNATURE}`, { headers: { authorization: `Bearer ${apiKey}` } }))
      .status,
    (await fetch(`http://127.0.0.1:${shape.ports.portal}/admin/login`)).status,
  ];
  // SIGTERM to every process: each exports what its span processor and metric reader still hold before it exits.
  await stopDistributedShape(shape);
  logs = logLines(shape.dataDir);
}, 600_000);

afterAll(async () => {
  await discardDistributedShape(shape);
  await receiver?.close();
}, 180_000);

describe('one invoice, one trace across processes', () => {
  let trace: ReceivedSpan[];
  let root: ReceivedSpan;
  let tree: TraceTree;
  const named = (name: string) => tree.named(name);
  const parentOf = (span: ReceivedSpan) => tree.parentOf(span);
  const ancestors = (span: ReceivedSpan) => tree.ancestors(span);
  /** The spans of that name (more than one when a message was delivered again: at least once). */
  const some = (name: string) => {
    const found = named(name);
    expect(found.length, name).toBeGreaterThanOrEqual(1);
    return found;
  };

  beforeAll(() => {
    expect([201, 202]).toContain(posted.status);
    ({ root, trace, tree } = invoiceTrace(receiver.spans()));
  });

  it('starts at the POST, a SERVER span of the ingress process', () => {
    expect(root).toMatchObject({ kind: SERVER, service: 'fe-ingress' });
    expect(root.parentSpanId ?? '').toBe('');
    expect(attribute(root, 'http.response.status_code')).toBe(String(posted.status));
  });

  it('is one tree: every other span of the trace has its parent in the trace, and all are of this invoice', () => {
    for (const span of trace.filter((s) => s !== root))
      expect(parentOf(span), `${span.service} ${span.name}`).toBeDefined();
    expect(new Set(trace.map((span) => attribute(span, 'fe.invoice_id')).filter(Boolean)).size).toBe(1);
  });

  it('holds spans of each service process, named by its service.name, the relay and the simulator included', () => {
    expect([...new Set(trace.map((span) => span.service))].sort()).toEqual([
      'fe-dian-simulator',
      'fe-ingress',
      'fe-notifier',
      'fe-projection',
      'fe-relay',
      'fe-renderer',
      'fe-signer',
      'fe-submitter',
    ]);
  });

  it("holds the relay's publishes: a PRODUCER span per batch, the child of the append its events were recorded in", () => {
    const publishes = trace.filter((span) => span.service === 'fe-relay' && span.kind === PRODUCER);
    expect(publishes.map((span) => span.name)).toContain('publish fe.invoice.events.v1');
    for (const publish of publishes) expect(parentOf(publish)!.name).toMatch(/^append /);
    // The first publish of the run started the producer: its time is a span of its own.
    const steps = trace.filter((span) => span.service === 'fe-relay' && span.name.startsWith('kafka '));
    expect(steps.every((step) => parentOf(step)?.kind === PRODUCER || parentOf(step)?.name === 'kafka send')).toBe(
      true,
    );
  });

  it("holds the simulator's answer as a SERVER span under the submitter's DIAN call, and both name the invoice", () => {
    const served = trace.filter((span) => span.service === 'fe-dian-simulator');
    expect(served.map((span) => [span.name, span.kind])).toContainEqual(['DIAN SendBillSync', SERVER]);
    for (const span of served) expect(parentOf(span)).toMatchObject({ kind: CLIENT, service: 'fe-submitter' });
    const invoiceId = attribute(root, 'fe.invoice_id');
    expect(invoiceId).toMatch(/^inv-/);
    for (const call of trace.filter((span) => span.kind === CLIENT))
      expect(attribute(call, 'fe.invoice_id')).toBe(invoiceId);
  });

  it('links each hop across processes: a reaction is a CONSUMER span of its process, the child of the append (in another process) that recorded its event', () => {
    const hops: [reaction: string, service: string, append: string, appendedBy: string][] = [
      ['fe.signer InvoiceRequested', 'fe-signer', 'append InvoiceRequested', 'fe-ingress'],
      ['fe.submitter InvoiceSigned', 'fe-submitter', 'append InvoiceSigned', 'fe-signer'],
      ['fe.renderer InvoiceAccepted', 'fe-renderer', 'append InvoiceSubmitted,InvoiceAccepted', 'fe-submitter'],
      ['fe.projection InvoiceRequested', 'fe-projection', 'append InvoiceRequested', 'fe-ingress'],
      ['fe.projection InvoiceAccepted', 'fe-projection', 'append InvoiceSubmitted,InvoiceAccepted', 'fe-submitter'],
      ['fe.projection InvoiceRendered', 'fe-projection', 'append InvoiceRendered', 'fe-renderer'],
      ['fe.notifier InvoiceRendered', 'fe-notifier', 'append InvoiceRendered', 'fe-renderer'],
    ];
    const seen = hops.flatMap(([reaction]) =>
      some(reaction).map((span) => {
        const parent = parentOf(span)!;
        return [reaction, span.service, parent.name, parent.service, span.kind];
      }),
    );
    expect(new Set(seen.map((hop) => JSON.stringify(hop)))).toEqual(
      new Set(hops.map((hop) => JSON.stringify([...hop, CONSUMER]))),
    );
    expect(some('append InvoiceRequested').map(parentOf)).toEqual([root]);
    for (const renderer of some('fe.renderer InvoiceAccepted')) {
      expect(ancestors(renderer)).toEqual(
        expect.arrayContaining(['fe.submitter InvoiceSigned', 'fe.signer InvoiceRequested', root.name]),
      );
    }
  });

  it('holds the SOAP call to DIAN as a CLIENT span of the submitter, under its reaction', () => {
    // The simulator's answer to it is named alike (its SERVER span, below).
    const calls = trace.filter((span) => span.name.startsWith('DIAN ') && span.service !== 'fe-dian-simulator');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    for (const call of calls) {
      expect(call).toMatchObject({ kind: CLIENT, service: 'fe-submitter' });
      expect(ancestors(call)).toContain('fe.submitter InvoiceSigned');
    }
  });

  it("holds the PDF render under the renderer's reaction", () => {
    for (const render of some('render pdf'))
      expect([render.service, parentOf(render)!.name]).toEqual(['fe-renderer', 'fe.renderer InvoiceAccepted']);
  });

  it('exports no API key and no authorization header', () => {
    expect(apiKey).toMatch(/^fe_test_/);
    for (const text of receiver.bodies) {
      expect(text.includes(apiKey)).toBe(false);
      expect(text).not.toContain('Bearer ');
    }
  });
});

describe('logs and traces meet', () => {
  let trace: ReceivedSpan[];
  let traceId = '';
  beforeAll(
    () =>
      ({
        trace,
        root: { traceId },
      } = invoiceTrace(receiver.spans())),
  );
  const ofTrace = () => logs.filter((line) => line.json?.trace_id === traceId);

  it('finds log lines of every process that handled the invoice by the trace_id the receiver shows', () => {
    const processes = new Set(ofTrace().map((line) => line.process.replace(/-\d+$/, '')));
    expect([...processes].sort()).toEqual(expect.arrayContaining(['ingress', 'signer', 'submitter']));
  });

  it('puts each line on a span of the trace (its span_id), and every line naming the invoice in a span on its trace', () => {
    const spanIds = new Set(trace.map((span) => span.spanId));
    for (const line of ofTrace()) expect(spanIds.has(String(line.json!.span_id)), line.text).toBe(true);
    const invoiceId = attribute(invoiceTrace(receiver.spans()).root, 'fe.invoice_id')!;
    const naming = logs.filter((line) => line.json?.span_id !== undefined && line.text.includes(invoiceId));
    expect(naming.length).toBeGreaterThan(0);
    for (const line of naming) expect(line.json!.trace_id, line.text).toBe(traceId);
  });

  it('leaves no plain-text line and no key twice in any log file', () => {
    // Not vacuous: every process of the shape wrote to its own log (how many lines each writes is not the point).
    expect(new Set(logs.map((line) => line.process)).size).toBe(PROCESSES);
    expect(logs.filter((line) => !line.json).map((line) => `${line.process}: ${line.text}`)).toEqual([]);
    expect(logs.filter((line) => duplicateKeys(line.text).length > 0).map((line) => line.text)).toEqual([]);
  });

  it("never logs a query string's signature", () => {
    expect(refused[1]).toBe(404);
    expect(logs.filter((line) => line.text.includes(SIGNATURE))).toEqual([]);
  });
});

describe('every process its own identity, every request a span', () => {
  it('gives the two signers (and the two ingress instances) distinct service.instance.ids', () => {
    const instances = (service: string) =>
      new Set(
        receiver
          .spans()
          .filter((span) => span.service === service)
          .map((span) => span.resource['service.instance.id']),
      );
    expect(instances('fe-signer').size).toBe(2);
    expect(instances('fe-ingress').size).toBe(2);
    for (const id of instances('fe-signer')) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves a SERVER span for a request refused before its handler (401) and for a portal page', () => {
    expect(refused).toEqual([401, 404, 200]);
    const spans = receiver.spans();
    expect(
      spans.some(
        (span) =>
          span.service === 'fe-ingress' &&
          span.name === 'GET /api/v1/service/status/:cufe' &&
          attribute(span, 'http.response.status_code') === '401',
      ),
    ).toBe(true);
    expect(
      spans.some((span) => span.service === 'fe-portal' && span.kind === SERVER && span.name === 'GET /admin/login'),
    ).toBe(true);
  });
});

describe('metrics from the processes', () => {
  it('counts the invoice by its final status where the verdict is appended (the submitter)', () => {
    const accepted = receiver.points('fe.invoices.final').filter((p) => p.labels.status === 'accepted');
    expect(new Set(accepted.map((p) => p.service))).toEqual(new Set(['fe-submitter']));
    expect(new Set(accepted.map((p) => p.labels.kind))).toEqual(new Set(['invoice']));
    expect(Math.max(...accepted.map((p) => Number(p.asInt ?? p.asDouble)))).toBe(1);
  });

  it('times the DIAN calls in the submitter and records the Kafka consumer lag of every reacting group', () => {
    expect(
      receiver
        .points('fe.dian.call.duration')
        .some((p) => p.service === 'fe-submitter' && p.labels.outcome === 'ok' && Number(p.count) >= 1),
    ).toBe(true);
    const lag = receiver.points('fe.bus.consumer.lag');
    const groups = Object.fromEntries(lag.map((p) => [p.labels.group, p.service]));
    expect(groups).toMatchObject({
      'fe.signer': 'fe-signer',
      'fe.submitter': 'fe-submitter',
      'fe.renderer': 'fe-renderer',
      'fe.projection': 'fe-projection',
    });
  });
});

// One invoice's trace across processes (docs/observability.md, "How the processes connect in a trace"): after a
// graceful stop it is one tree, each hop linked through the context the event store kept and Kafka carried.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyIn,
  discardDistributedShape,
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

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

let receiver: OtlpReceiver;
let shape: DistributedRun | undefined;
let apiKey = '';
let posted: { status: number; cufe: string };

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
  // SIGTERM to every process: each exports what its span processor and metric reader still hold before it exits.
  await stopDistributedShape(shape);
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

  it('holds spans of each service process, named by its service.name', () => {
    expect([...new Set(trace.map((span) => span.service))].sort()).toEqual([
      'fe-ingress',
      'fe-notifier',
      'fe-projection',
      'fe-renderer',
      'fe-signer',
      'fe-submitter',
    ]);
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
    const calls = trace.filter((span) => span.name.startsWith('DIAN '));
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

describe('metrics from the processes', () => {
  it('counts the invoice by its final status where the verdict is appended (the submitter)', () => {
    const accepted = receiver.points('fe.invoices.final').filter((p) => p.labels.status === 'accepted');
    expect(new Set(accepted.map((p) => p.service))).toEqual(new Set(['fe-submitter']));
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

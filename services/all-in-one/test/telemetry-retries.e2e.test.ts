// A submission DIAN refuses to take (HTTP 503) is retried from the submitter's schedule, outside
// any bus delivery: each scheduled attempt is a trace of its own that names the invoice, with the
// failed SOAP call inside it (docs/observability.md, "How to read a trace").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attribute, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../test-support/otlp-receiver.ts';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

let receiver: OtlpReceiver;
let world: World;
const scheduleDelay = process.env.OTEL_BSP_SCHEDULE_DELAY;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // The SDK reads its batch delay from the process environment: export within 50 ms, not 5 s.
  process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  world = await startWorld({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    FE_DIAN_SIMULATOR_FAULT: 'http503',
    FE_WAIT_BUDGET_MS: '200',
    SUBMIT_RETRY_BASE_MS: '50',
    SUBMIT_RETRY_MAX_MS: '100',
  });
});
afterAll(async () => {
  if (scheduleDelay === undefined) delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  else process.env.OTEL_BSP_SCHEDULE_DELAY = scheduleDelay;
  await world?.close();
  await receiver?.close();
});

describe('a submission retried from the schedule', () => {
  it('is a span of its own naming the invoice, with the failed DIAN call under it', async () => {
    const answer = await world.post(exampleRequest);
    expect(answer.status).toBeLessThan(300);
    let attempt: ReceivedSpan | undefined;
    let spans: ReceivedSpan[] = [];
    for (let i = 0; i < 300 && !attempt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      spans = receiver.spans();
      attempt = spans.find(
        (span) =>
          span.name === 'fe.submitter scheduled attempt' &&
          spans.some((call) => call.parentSpanId === span.spanId && call.name.startsWith('DIAN ')),
      );
    }
    expect(attempt, 'a scheduled attempt with a DIAN call under it').toBeDefined();
    expect(attempt!.parentSpanId ?? '').toBe('');
    const invoiceId = spans.find((span) => span.name === 'append InvoiceRequested')!;
    expect(attribute(attempt!, 'fe.invoice_id')).toBe(attribute(invoiceId, 'fe.invoice_id'));
    const call = spans.find((span) => span.parentSpanId === attempt!.spanId && span.name.startsWith('DIAN '))!;
    // Failed with the submitter's stable code, not a message.
    expect(call.status?.code).toBe(2);
    expect(call.status?.message).toMatch(/^DianClientError [A-Z0-9_]+$/);
  });
});

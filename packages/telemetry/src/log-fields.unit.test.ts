import { createLogger } from '@fe/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInMemoryTelemetry, type InMemoryTelemetry } from '../test-support/in-memory-telemetry.ts';
import { traceLogFields } from './log-fields.ts';
import { inSpan, tracerFor } from './spans.ts';

let telemetry: InMemoryTelemetry;
beforeAll(() => void (telemetry = startInMemoryTelemetry()));
afterAll(() => telemetry.shutdown());

describe('traceLogFields as the logger mixin', () => {
  it("puts the active span's trace_id and span_id on every line written inside it, once, and nothing outside", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      mixin: traceLogFields,
      destination: { write: (line) => void lines.push(line) },
    }).child({ service: 'signer' });
    logger.info({}, 'before');
    await inSpan(tracerFor('fe.test'), 'work', {}, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ component: 'inner' }).warn({ n: 1 }, 'inside');
    });
    logger.info({}, 'after');
    const [span] = telemetry.spans();
    const [before, inside, after] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ msg: 'inside', trace_id: span!.traceId, span_id: span!.spanId, n: 1 });
    expect(lines[1]!.match(/"trace_id"/g)).toHaveLength(1);
    for (const line of [before, after]) expect(Object.keys(line!)).not.toContain('trace_id');
  });
});

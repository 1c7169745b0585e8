// A subscriber in another language on the distributed shape (docs/events.md, "Subscribers in other languages"):
// examples/python-subscriber reads every event of an invoice and of its credit note through the registry with
// confluent-kafka's JSONDeserializer (RecordNameStrategy, use.latest.version) and validates each against
// contracts/asyncapi.json, as today's reader and as one generated before today's optional fields existed.
import { join } from 'node:path';
import { createPostgresPool, PostgresEventStore } from '@fe/platform-postgres';
import type { RecordedEvent } from '@fe/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiKeyIn,
  discardDistributedShape,
  prepareDistributedRun,
  root,
  run,
  startDistributedShape,
  type DistributedRun,
} from '../test-support/start-distributed.ts';
import { httpClient, pollStatus } from '../test-support/http-client.ts';
import { exampleRequest } from '../test-support/world.ts';

let shape: DistributedRun;
let apiKey = '';
beforeAll(async () => {
  shape = await prepareDistributedRun({ namespace: 'pysub' });
  apiKey = apiKeyIn(await startDistributedShape(shape));
}, 450_000);
afterAll(() => discardDistributedShape(shape), 180_000);

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, string> }> {
  const answer = await fetch(`${shape.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, string> };
}

type Line = {
  id?: string;
  type?: string;
  version?: number;
  invoice_id?: string;
  occurred_at?: string;
  subject?: string | null;
  headers: Record<string, string>;
  errors: string[];
  yesterday_errors?: string[];
};

/** Each document's events once both are rendered and nothing was appended for a while (bounded). */
async function settledStreams(store: PostgresEventStore): Promise<Map<string, RecordedEvent[]>> {
  let previous = -1;
  for (let attempt = 0; attempt < 300; attempt++) {
    const events = await store.readAll({ after: 0n, limit: 10_000 });
    const streams = new Map<string, RecordedEvent[]>();
    for (const event of events)
      if (event.stream.startsWith('inv-')) streams.set(event.stream, [...(streams.get(event.stream) ?? []), event]);
    const rendered = [...streams.values()].filter((s) => s.some((e) => e.envelope.type === 'InvoiceRendered'));
    if (rendered.length === 2 && events.length === previous) return streams;
    previous = rendered.length === 2 ? events.length : -1;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error('the invoice and its note did not settle');
}

it("a Python subscriber reads every event of an invoice and of its credit note through the registry, each valid against contracts/asyncapi.json today and for yesterday's reader", async () => {
  const python = (await run('bash', ['scripts/install-python-subscriber.sh'], { cwd: root, timeout: 300_000 })).stdout;
  const invoice = await post('/api/v1/service/invoice', exampleRequest);
  expect(invoice.body.cufe, JSON.stringify(invoice.body)).toBeDefined();
  await pollStatus(httpClient(shape.url, apiKey), invoice.body.cufe!, (body) => body.status === 'accepted', 180_000);
  const note = await post('/api/v1/service/credit-note', {
    invoice: { cufe: invoice.body.cufe },
    concept: '1',
    lines: [{ ...exampleRequest.lines[0], quantity: 1 }],
  });
  expect(note.status, JSON.stringify(note.body)).toBeLessThan(300);

  const pool = createPostgresPool({
    connectionString: shape.servers.FE_POSTGRES_URL,
    schema: shape.names.schema,
    max: 2,
    onIdleError: () => undefined,
  });
  const streams = await settledStreams(new PostgresEventStore(pool)).finally(() => pool.end());
  const kindOf = (events: RecordedEvent[]) =>
    events[0]!.envelope.type === 'CreditNoteRequested' ? 'credit_note' : 'invoice';

  const read = await run(
    python.trim(),
    [
      'examples/python-subscriber/subscriber.py',
      ...['--brokers', shape.servers.FE_KAFKA_BROKERS, '--registry', shape.servers.FE_SCHEMA_REGISTRY_URL],
      ...['--topic', `${shape.names.prefix}fe.invoice.events.v1`, '--group', `${shape.names.prefix}python`],
      ...['--contract', join(root, 'contracts/asyncapi.json'), '--idle', '10', '--timeout', '240'],
    ],
    { cwd: root, timeout: 300_000 },
  );
  const lines = read.stdout
    .split('\n')
    .filter((line) => line.startsWith('{"partition"'))
    .map((line) => JSON.parse(line) as Line);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen: Record<string, number> = {};
  for (const events of streams.values()) {
    const kind = kindOf(events);
    for (const { envelope } of events) {
      const line = byId.get(envelope.id);
      expect(line, `${envelope.type} ${envelope.id} read`).toBeDefined();
      expect(line!.errors, `${envelope.type}`).toEqual([]);
      expect(line!.yesterday_errors, `${envelope.type}`).toEqual([]);
      // RecordNameStrategy: the writer schema's title names its subject (the ce_type), whose latest version read it.
      expect(line!.subject).toBe(`co.fe-colombia.${envelope.type}.v${envelope.version}`);
      expect(line!.subject).toBe(line!.headers.ce_type);
      expect(line!.headers).toMatchObject({
        'content-type': 'application/json',
        ce_documentkind: kind,
        ce_time: envelope.occurred_at,
      });
      seen[kind] = (seen[kind] ?? 0) + 1;
    }
  }
  console.log(`python subscriber: ${JSON.stringify({ read: lines.length, ...seen })}`);
  // A note's later events keep their Invoice* types; the header told the subscriber whose they are.
  const noteLines = lines.filter((line) => line.headers.ce_documentkind === 'credit_note');
  expect(noteLines.map((line) => line.type)).toEqual(expect.arrayContaining(['CreditNoteRequested', 'InvoiceSigned']));
  expect(seen.invoice).toBeGreaterThan(5);
}, 600_000);

// `pnpm bench:platform`: each real-server adapter against its embedded twin in the same run, as ratios; rounds
// take every arm in turn so a shared machine's noise falls on all of them (docs/benchmarks.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceEventSchemas, type Envelope } from '@fe/contracts';
import {
  createLogger,
  FilesystemBlobStore,
  InProcessEventBus,
  SignedLinks,
  SqliteEventStore,
  ThreadedSqliteEventStore,
  type BlobStore,
  type BusMessage,
  type EventBus,
  type EventStore,
} from '@fe/platform';
import { KafkaEventBus, SchemaRegistryCodec, type EnvelopeCodec } from '@fe/platform-kafka';
import { createPostgresPool, migrate, PostgresEventStore } from '@fe/platform-postgres';
import { S3BlobStore, s3BlobStoreConfigSchema } from '@fe/platform-s3';
import { Kafka, logLevel } from 'kafkajs';
import { busProbe, type BusProbe } from './lib/bus-probe.ts';
import { percentile } from './lib/http-load.ts';
import { invoiceRequested } from './lib/invoice-requested.ts';
import { platformServers } from './lib/platform-servers.ts';
import { emptyAndRemoveBucket } from './lib/s3-bucket.ts';
import { closedLoop, formatRatio, formatRoundRatios, formatSpread, spread } from './lib/rounds.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const roundMs = Number(process.env.BENCH_ROUND_MS ?? 1500);
const latencyMessages = Number(process.env.BENCH_LATENCY_MESSAGES ?? 200);
const throughputMessages = Number(process.env.BENCH_THROUGHPUT_MESSAGES ?? 2000);
const page = 100;
const writerCounts = [1, 8];
const runId = randomBytes(4).toString('hex');

const sample = invoiceRequested(990000001);
/** The sample envelope as the run's next invoice: its own event id and stream (every arm's calls share the count). */
let invoices = 0;
const nextInvoice = (): { stream: string; envelope: Envelope } => {
  const stream = `${sample.stream}-${runId}-${invoices++}`;
  return { stream, envelope: { ...sample.envelope, id: randomUUID(), invoice_id: stream } };
};
const envelopeBytes = Buffer.byteLength(JSON.stringify(sample.envelope));

/** `arms` × `writerCounts`, measured round after round, each arm in turn within a round. */
async function compareRates(arms: { name: string; op: () => Promise<unknown> }[]): Promise<Map<string, number[]>> {
  const rates = new Map<string, number[]>();
  for (const writers of writerCounts) for (const arm of arms) await closedLoop(arm.op, writers, 300); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const writers of writerCounts) {
      for (const arm of arms) {
        const { calls, elapsedMs } = await closedLoop(arm.op, writers, roundMs);
        const key = `${arm.name}@${writers}`;
        rates.set(key, [...(rates.get(key) ?? []), (calls / elapsedMs) * 1000]);
      }
    }
  }
  return rates;
}

function printRates(
  title: string,
  rates: Map<string, number[]>,
  names: string[],
  ratios: [real: string, twin: string][],
): void {
  console.log(`\n${title}`);
  const width = Math.max(...names.map((n) => n.length), ...ratios.map(([a, b]) => a.length + b.length + 3));
  for (const writers of writerCounts) {
    console.log(`  ${writers} writer${writers > 1 ? 's' : ''}`);
    for (const name of names)
      console.log(
        `    ${name.padEnd(width)}  ${formatSpread(spread(rates.get(`${name}@${writers}`)!)).padStart(26)} /s`,
      );
    for (const [real, twin] of ratios) {
      console.log(
        `    ${`${real} ÷ ${twin}`.padEnd(width)}  ${formatRoundRatios(rates.get(`${real}@${writers}`)!, rates.get(`${twin}@${writers}`)!).padStart(26)}`,
      );
    }
  }
}

async function eventStores(postgresUrl: string, dir: string): Promise<void> {
  const schema = `bench_${runId}`;
  const pool = createPostgresPool({ connectionString: postgresUrl, schema, max: 10 });
  await migrate(pool, { schema });
  const stores: [string, EventStore][] = [
    ['SqliteEventStore', new SqliteEventStore(join(dir, 'events.sqlite'))],
    ['ThreadedSqliteEventStore', new ThreadedSqliteEventStore(join(dir, 'threaded-events.sqlite'))],
    ['PostgresEventStore', new PostgresEventStore(pool)],
  ];
  try {
    const rates = await compareRates(
      stores.map(([name, store]) => ({
        name,
        op: () => {
          const { stream, envelope } = nextInvoice();
          return store.append(stream, [envelope], 'no_stream');
        },
      })),
    );
    printRates(
      `event store appends/s (one InvoiceRequested of ${envelopeBytes} bytes per append, a new stream each)`,
      rates,
      stores.map(([n]) => n),
      [
        ['PostgresEventStore', 'SqliteEventStore'],
        ['PostgresEventStore', 'ThreadedSqliteEventStore'],
      ],
    );
  } finally {
    for (const [, store] of stores) await store.close();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
    await pool.end();
  }
}

/** The Kafka bus without the schema registry: the envelope as JSON, nothing registered or checked. */
const plainJsonCodec: EnvelopeCodec = {
  encode: async (envelope) => Buffer.from(JSON.stringify(envelope)),
  decode: async (value) => JSON.parse(value.toString('utf8')) as Envelope,
};

async function buses(kafkaBrokers: string[], schemaRegistryUrl: string): Promise<void> {
  const message = (i: number): BusMessage => {
    const { stream, envelope } = nextInvoice();
    return { key: stream, value: envelope, headers: { 'x-store-position': String(i + 1) } };
  };
  // Warnings and errors (a message the codec refused, kafkajs's reconnects) to stderr: a bench that drops messages
  // silently would only time out.
  // kafkajs 2's default partitioner (murmur2, as Java clients) is the one wanted
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
  const logger = createLogger({ level: 'warn', service: 'bench', destination: process.stderr });
  const kafkaBus = (codec: EnvelopeCodec) =>
    new KafkaEventBus({
      brokers: kafkaBrokers,
      codec,
      clientId: 'fe-bench',
      groupIdPrefix: `bench-${runId}.`,
      partitionsOf: () => 6,
      logger,
    });
  const registryCodec = new SchemaRegistryCodec({
    url: schemaRegistryUrl,
    contracts: invoiceEventSchemas,
    namespace: `fe.bench${runId}`,
  });
  await registryCodec.registerAll();
  const arms: { name: string; bus: EventBus; topic: string; probe?: BusProbe }[] = [
    { name: 'InProcessEventBus', bus: new InProcessEventBus({ partitions: 6 }), topic: 'bench.in-process' },
    { name: 'Kafka, JSON codec', bus: kafkaBus(plainJsonCodec), topic: `bench.${runId}.json` },
    { name: 'Kafka, schema registry', bus: kafkaBus(registryCodec), topic: `bench.${runId}.registry` },
  ];
  const p50 = new Map<string, number[]>();
  const p99 = new Map<string, number[]>();
  const rate = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, name: string, value: number) =>
    map.set(name, [...(map.get(name) ?? []), value]);
  try {
    for (const arm of arms) {
      arm.probe = await busProbe(arm.bus, arm.topic, message);
      await arm.probe.latencies(20); // warm-up: connections, metadata, JIT
      await arm.probe.throughput(page * 2, page);
    }
    for (let r = 0; r < rounds; r++) {
      for (const arm of arms) {
        const latencies = await arm.probe!.latencies(latencyMessages);
        add(p50, arm.name, percentile(latencies, 50));
        add(p99, arm.name, percentile(latencies, 99));
        add(rate, arm.name, await arm.probe!.throughput(throughputMessages, page));
      }
    }
  } finally {
    for (const arm of arms) {
      await arm.probe?.stop();
      await arm.bus.close();
    }
    await deleteTopics(
      kafkaBrokers,
      arms.slice(1).map((a) => a.topic),
    );
  }
  console.log(
    `\nbus: one InvoiceRequested envelope per message (${envelopeBytes} bytes as JSON), one consumer group, 6 partitions`,
  );
  console.log(
    `  publish→consume latency, ${latencyMessages} messages one at a time per round (p50 and p99 of each round, ms)`,
  );
  const width = Math.max(...arms.map((a) => a.name.length)) + 24;
  for (const arm of arms) {
    const ratio =
      arm === arms[0]
        ? ''
        : `   p50 ${formatRoundRatios(p50.get(arm.name)!, p50.get(arms[0]!.name)!)}, p99 ${formatRoundRatios(p99.get(arm.name)!, p99.get(arms[0]!.name)!)} of in-process`;
    console.log(
      `    ${arm.name.padEnd(width - 24)}  p50 ${formatSpread(spread(p50.get(arm.name)!), 3)}  p99 ${formatSpread(spread(p99.get(arm.name)!), 3)}${ratio}`,
    );
  }
  console.log(
    `  consumed events/s, ${throughputMessages} messages published ${page} per call (as the relay publishes a page)`,
  );
  for (const arm of arms) {
    const ratio =
      arm === arms[0] ? '' : `   ${formatRoundRatios(rate.get(arm.name)!, rate.get(arms[0]!.name)!)} of in-process`;
    console.log(
      `    ${arm.name.padEnd(width - 24)}  ${formatSpread(spread(rate.get(arm.name)!)).padStart(26)} /s${ratio}`,
    );
  }
  const [json, registry] = [rate.get(arms[1]!.name)!, rate.get(arms[2]!.name)!];
  console.log(
    `  schema registry codec ÷ JSON codec, events/s: ${formatRoundRatios(registry, json)} (ratio of the medians ${formatRatio(spread(registry).median / spread(json).median)})`,
  );
}

async function deleteTopics(brokers: string[], topics: string[]): Promise<void> {
  const admin = new Kafka({ clientId: 'fe-bench', brokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

async function blobStores(s3: { endpoint: string; accessKey: string; secretKey: string }, dir: string): Promise<void> {
  const bucket = `fe-bench-${runId}`;
  const config = s3BlobStoreConfigSchema.parse({ ...s3, bucket });
  const stores: [string, BlobStore][] = [
    [
      'FilesystemBlobStore',
      new FilesystemBlobStore(join(dir, 'blobs'), new SignedLinks(randomBytes(32), 'http://127.0.0.1/files')),
    ],
    ['S3BlobStore', await S3BlobStore.open(config)],
  ];
  const xml = Buffer.from(sample.xml);
  try {
    const rates = await compareRates(
      stores.map(([name, store]) => ({
        name,
        op: () => store.put(`demo/bench-${invoices++}.xml`, xml, 'application/xml'),
      })),
    );
    printRates(
      `blob puts/s (the invoice's XML, ${xml.length} bytes, a new key each; S3 = versitygw's posix backend, which does not fsync)`,
      rates,
      stores.map(([n]) => n),
      [['S3BlobStore', 'FilesystemBlobStore']],
    );
  } finally {
    await emptyAndRemoveBucket(new URL(config.endpoint), s3, bucket);
  }
}

const servers = await platformServers();
const dir = mkdtempSync(join(tmpdir(), 'fe-bench-platform-'));
process.once('SIGINT', () => {
  servers.stop();
  rmSync(dir, { recursive: true, force: true });
  process.exit(130);
});
try {
  console.log(
    `platform adapters next to their embedded twins: ${rounds} round${rounds === 1 ? '' : 's'}; rates in rounds of ${roundMs} ms; median [min–max] of the rounds`,
  );
  console.log(`PostgreSQL: ${servers.postgresNote}`);
  console.log(
    'Kafka: one broker (infra/), acks=all; like Kafka by default, the broker acknowledges before its log reaches the disk',
  );
  await eventStores(servers.postgresUrl, dir);
  await buses(servers.kafkaBrokers, servers.schemaRegistryUrl);
  await blobStores(servers.s3, dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
  servers.stop();
}

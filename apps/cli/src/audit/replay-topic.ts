import { invoiceEventSchema, invoiceEventSchemas, topology } from '@fe/contracts';
import { SchemaRegistryCodec } from '@fe/platform-kafka';
import { applyEvent } from '@fe/projection';
import { type StatusStore } from '@fe/invoice-status';
import { Kafka, logLevel } from 'kafkajs';

export type TopicReplay = { events: number; views: number; messages: number };

const folded = new Set<string>(topology.projection.consumes);

/**
 * The status read model replayed from the Kafka topic (docs/audit.md), in a group of its own that never commits.
 * What the topic's retention dropped cannot be replayed from it: the event store can.
 */
export async function replayStatusFromTopic(
  source: { brokers: string[]; registryUrl: string; topic: string },
  target: StatusStore,
): Promise<TopicReplay> {
  const kafka = new Kafka({ clientId: 'fe-replay', brokers: source.brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(source.topic);
  await admin.disconnect();
  const ends = new Map(offsets.map((p) => [p.partition, BigInt(p.high)]));
  const codec = new SchemaRegistryCodec({ url: source.registryUrl, contracts: invoiceEventSchemas });
  const consumer = kafka.consumer({ groupId: `fe.replay.${process.pid}.${Date.now()}`, maxWaitTimeInMs: 100 });
  const invoices = new Set<string>();
  let events = 0;
  let messages = 0;
  // A partition with nothing left to read (empty, or all past its retention) is done from the start.
  const reached = new Map(offsets.map((p) => [p.partition, BigInt(p.high) <= BigInt(p.low)]));
  const done = () => [...reached.values()].every(Boolean);
  await target.clear();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: source.topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            messages++;
            if (message.value) {
              const envelope = await codec.decode(message.value);
              if (folded.has(envelope.type)) {
                const event = invoiceEventSchema.parse(envelope);
                const position = message.headers?.['x-store-position']?.toString();
                const invoiceId = event.invoice_id ?? '';
                const outcome = await applyEvent(target, event, {
                  invoiceId,
                  position: position ? BigInt(position) : undefined,
                });
                if (outcome.kind !== 'orphan') invoices.add(invoiceId);
                events++;
              }
            }
            if (BigInt(message.offset) + 1n >= (ends.get(partition) ?? 0n)) reached.set(partition, true);
            if (done()) resolve();
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  await target.flushed();
  return { events, views: invoices.size, messages };
}

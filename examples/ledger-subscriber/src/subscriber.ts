import { invoiceEventSchema, topics } from '@fe/contracts';
import { SchemaRegistry } from '@kafkajs/confluent-schema-registry';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { Ledger } from './ledger.ts';

export type SubscriberOptions = {
  brokers: string[];
  /** The registry's Confluent-compatible API, e.g. http://127.0.0.1:8080/apis/ccompat/v7. */
  registryUrl: string;
  /** The ledger's SQLite file. */
  ledgerPath: string;
  /** Its own consumer group: its progress is its own. Default `example.ledger`. */
  groupId?: string;
  topic?: string;
  log?: (line: string) => void;
};

export type Subscriber = { ledger: Ledger; stop(): Promise<void> };

/**
 * A downstream consumer (contracts/asyncapi.json): commits after its keyed ledger write, so a crash repeats a
 * message harmlessly, never loses one; unknown event versions are skipped.
 *
 *   const subscriber = await startSubscriber({ brokers, registryUrl, ledgerPath: 'ledger.sqlite' });
 */
export async function startSubscriber(options: SubscriberOptions): Promise<Subscriber> {
  const log = options.log ?? (() => undefined);
  const registry = new SchemaRegistry({ host: options.registryUrl }, {
    JSON: { validateFormats: false, strict: false },
  } as never);
  const ledger = new Ledger(options.ledgerPath);
  const kafka = new Kafka({ clientId: 'example-ledger', brokers: options.brokers, logLevel: logLevel.NOTHING });
  const consumer: Consumer = kafka.consumer({ groupId: options.groupId ?? 'example.ledger', maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic: options.topic ?? topics.invoiceEvents.name, fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ topic, partition, message }) => {
      if (message.value) {
        const event = invoiceEventSchema.safeParse(await registry.decode(message.value));
        if (!event.success)
          log(`skipped a message at ${topic}/${partition}/${message.offset}: not a published v1 event`);
        else if (event.data.type === 'InvoiceRequested')
          ledger.requested(event.data.invoice_id!, event.data.data.document_id, event.data.data.cufe);
        else if (event.data.type === 'InvoiceAccepted') {
          const request = ledger.request(event.data.invoice_id!);
          // ce_subject carries the cufe too, for a subscriber that never saw the request.
          const cufe = request?.cufe ?? message.headers?.ce_subject?.toString();
          if (request && cufe) {
            const added = ledger.accepted({
              invoiceId: event.data.invoice_id!,
              tenantId: event.data.tenant_id,
              number: request.number,
              cufe,
              trackId: event.data.data.track_id,
              validatedAt: event.data.data.validated_at,
              eventId: event.data.id,
            });
            log(`${added ? 'ledgered' : 'already in the ledger:'} ${request.number}`);
          } else log(`accepted invoice ${event.data.invoice_id} without its request: left out`);
        }
      }
      await consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
    },
  });
  return {
    ledger,
    async stop() {
      await consumer.disconnect();
      ledger.close();
    },
  };
}

import type { z } from 'zod';
import { invoiceEventSchemas } from '../events/invoice-events.ts';
import { publishedJsonSchema } from '../events/published-json-schema.ts';
import { topics, topology } from '../topology.ts';

/**
 * The registry subject of an event version (`@fe/platform-kafka`'s default namespace), its schema's title and its
 * events' `ce_type`: `co.fe-colombia.<Type>.v<n>`.
 */
export const eventSubject = (contractKey: string, namespace = 'co.fe-colombia'): string =>
  `${namespace}.${contractKey}`;

const cloudEventHeaders = {
  type: 'object',
  required: [
    'ce_specversion',
    'ce_id',
    'ce_type',
    'ce_source',
    'ce_time',
    'ce_documentkind',
    'content-type',
    'x-store-position',
  ],
  properties: {
    ce_specversion: {
      type: 'string',
      const: '1.0',
      description: 'CloudEvents 1.0, Kafka protocol binding, binary mode: the envelope is the value.',
    },
    ce_id: { type: 'string', format: 'uuid', description: "The envelope's `id`; consumers deduplicate on it." },
    ce_type: {
      type: 'string',
      pattern: '^co\\.fe-colombia\\.[A-Za-z]+\\.v[0-9]+$',
      description: '`co.fe-colombia.<type>.v<version>`, e.g. `co.fe-colombia.InvoiceSigned.v1`.',
    },
    ce_source: {
      type: 'string',
      pattern: '^/fe-colombia/tenants/',
      description: '`/fe-colombia/tenants/<tenant_id>`.',
    },
    ce_time: {
      type: 'string',
      format: 'date-time',
      description: "The envelope's `occurred_at`, as recorded: UTC (`Z`), like every instant the service records.",
    },
    ce_subject: {
      type: 'string',
      pattern: '^[0-9a-f]{96}$',
      description:
        "The document's key: an invoice's cufe, a note's CUDE (absent only for an event of a stream with no first event).",
    },
    ce_documentkind: {
      type: 'string',
      enum: ['invoice', 'credit_note', 'debit_note'],
      description:
        "What the event's document is, from its stream's first event: a note's later events keep their `Invoice*` types.",
    },
    'content-type': {
      type: 'string',
      const: 'application/json',
      description:
        'The JSON after the Confluent framing: the value starts with byte 0 and the 4-byte schema id, which a CloudEvents SDK must strip.',
    },
    'x-store-position': {
      type: 'string',
      pattern: '^[0-9]+$',
      description: "The event's global position in the event store (decimal).",
    },
  },
};

/**
 * The AsyncAPI document of the published stream, from the same JSON Schemas the codec registers, so it says what
 * the registry holds. `contracts/asyncapi.json` is its checked-in output (`pnpm asyncapi`; a test catches staleness).
 */
export function buildAsyncApiDocument(): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(invoiceEventSchemas)) {
    // The registered schema's definitions become the document's schemas, its references rewritten to them.
    const registered = JSON.stringify(publishedJsonSchema(schema)).replaceAll(
      '"#/definitions/',
      '"#/components/schemas/',
    );
    Object.assign(schemas, (JSON.parse(registered) as { definitions: Record<string, unknown> }).definitions);
    const [type] = key.split('.');
    const producers = Object.entries(topology)
      .filter(([, t]) => (t.produces as readonly string[]).includes(type!))
      .map(([name]) => name);
    messages[key] = {
      name: key,
      title: `${type} (version ${key.split('.v')[1]})`,
      summary: (schema.shape.data as z.ZodType).description ?? `${type}, version ${key.split('.v')[1]}`,
      description: `Registry subject \`${eventSubject(key)}\`. Produced by ${producers.join(', ') || 'nobody yet'}. Key: the invoice id (its stream, \`inv-<tenant>-<number>\`).`,
      contentType: 'application/json',
      headers: cloudEventHeaders,
      payload: { $ref: `#/components/schemas/${key}` },
      bindings: {
        kafka: {
          key: { type: 'string', description: "The invoice id: one invoice's events share a partition, in order." },
          schemaIdLocation: 'payload',
          schemaIdPayloadEncoding: 'confluent',
          bindingVersion: '0.5.0',
        },
      },
    };
  }
  const refs = Object.fromEntries(
    Object.keys(messages).map((key) => [key.replace('.', '_'), { $ref: `#/components/messages/${key}` }]),
  );
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Electronic sales invoice service: published events',
      version: '1.0.0',
      description:
        'The invoice events the service publishes, for downstream subscribers. Generated from the zod contracts in `contracts/`. ' +
        "Delivery is at least once, in order per invoice (the message key); deduplicate on `ce_id` (the envelope's `id`). " +
        'Each value is the envelope in the Confluent wire format (byte 0, the 4-byte schema id, the JSON); the schema is registered under the subject `co.fe-colombia.<Type>.v<version>` (the `ce_type`), which is its `title` (Confluent RecordNameStrategy), with compatibility FORWARD_TRANSITIVE. ' +
        'Every object is open: a reader ignores the fields it does not know, which later optional fields of a version are. ' +
        'Versioning: a published version is never edited; a change is a new version (a new subject) plus an upcaster (docs/events.md). ' +
        'The past is in the event store, not only the topic: a new subscriber gets it from the store through the relay (docs/platform.md, "Retention").',
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        host: '127.0.0.1:59092',
        protocol: 'kafka',
        description:
          "The distributed shape's brokers on one machine (FE_KAFKA_BROKERS, infra/env.sh). The registry: FE_SCHEMA_REGISTRY_URL, http://127.0.0.1:58080/apis/ccompat/v7 (Apicurio's Confluent-compatible API). Read with isolation.level=read_committed: the relay writes in transactions.",
      },
    },
    channels: {
      invoiceEvents: {
        address: topics.invoiceEvents.name,
        title: 'Invoice events',
        description: `Every event of every invoice, keyed by invoice id, ${topics.invoiceEvents.partitions} partitions.`,
        messages: refs,
        bindings: {
          kafka: {
            topic: topics.invoiceEvents.name,
            partitions: topics.invoiceEvents.partitions,
            bindingVersion: '0.5.0',
          },
        },
      },
      tenantEvents: {
        address: topics.tenantEvents.name,
        title: 'Tenant events',
        description: `Declared for tenant lifecycle events, keyed by tenant id, ${topics.tenantEvents.partitions} partitions. No event is published on it yet: its first one will be added here as a v1.`,
        messages: {},
        bindings: {
          kafka: {
            topic: topics.tenantEvents.name,
            partitions: topics.tenantEvents.partitions,
            bindingVersion: '0.5.0',
          },
        },
      },
    },
    operations: {
      receiveInvoiceEvents: {
        action: 'receive',
        channel: { $ref: '#/channels/invoiceEvents' },
        summary: 'A subscriber, on a consumer group of its own.',
        messages: Object.keys(refs).map((name) => ({ $ref: `#/channels/invoiceEvents/messages/${name}` })),
      },
    },
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      messages,
    },
  };
}

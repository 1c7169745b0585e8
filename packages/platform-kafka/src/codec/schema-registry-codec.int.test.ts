import { randomUUID } from 'node:crypto';
import {
  envelopeSchema,
  invoiceEventSchemas,
  invoiceSignedV1,
  invoiceSignedV1Data,
  type Envelope,
} from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaRegistryUrl, unique } from '../../test-support/servers.ts';
import { startSilentRegistry } from '../../test-support/silent-registry.ts';
import { KafkaBusError } from '../errors.ts';
import { jsonSchemaOf } from './event-json-schemas.ts';
import { SchemaRegistryCodec } from './schema-registry-codec.ts';

const signed = (data: Partial<z.infer<typeof invoiceSignedV1Data>> = {}): Envelope => ({
  id: randomUUID(),
  type: 'InvoiceSigned',
  version: 1,
  occurred_at: '2026-03-10T10:15:00-05:00',
  tenant_id: 'demo',
  invoice_id: 'inv-1',
  correlation_id: 'req-1',
  causation_id: 'req-1',
  data: {
    xml_key: 'demo/inv-1/signed.xml',
    xml_sha256: 'a'.repeat(64),
    signed_at: '2026-03-10T10:15:01-05:00',
    certificate_serial: '01',
    ...data,
  },
});

const codeOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (error: unknown) => (error instanceof KafkaBusError ? error.code : String(error)),
  );

describe('SchemaRegistryCodec against a Confluent-compatible registry (Apicurio ccompat)', () => {
  // A namespace of this run's own: the registry may outlive a run, and subjects never shrink.
  const namespace = unique('fe.events.test');
  const codec = () => new SchemaRegistryCodec({ url: schemaRegistryUrl(), contracts: invoiceEventSchemas, namespace });

  it('registers one subject per event type and version, each with compatibility FORWARD_TRANSITIVE and its schema titled with it; registering again keeps the ids', async () => {
    const ids = await codec().registerAll();
    expect(Object.keys(ids).sort()).toEqual(
      Object.keys(invoiceEventSchemas)
        .map((key) => `${namespace}.${key}`)
        .sort(),
    );
    expect(await codec().registerAll()).toEqual(ids);
    for (const subject of Object.keys(ids)) {
      const config = await fetch(`${schemaRegistryUrl()}/config/${encodeURIComponent(subject)}`).then((r) => r.json());
      expect(config).toEqual({ compatibilityLevel: 'FORWARD_TRANSITIVE' });
      const latest = await fetch(`${schemaRegistryUrl()}/subjects/${encodeURIComponent(subject)}/versions/latest`);
      expect(JSON.parse(((await latest.json()) as { schema: string }).schema)).toMatchObject({ title: subject });
    }
  });

  it('an incompatible edit of a published contract is refused by the registry; a compatible one is accepted', async () => {
    const registry = codec();
    await registry.registerAll();
    const subject = registry.subjectOf('InvoiceSigned', 1);
    // A required field dropped: a reader of the published schema would refuse what the new one lets through.
    const breaking = envelopeSchema('InvoiceSigned', 1, invoiceSignedV1Data.omit({ xml_sha256: true }));
    expect(await codeOf(registry.register(subject, jsonSchemaOf(breaking, subject)))).toBe('SCHEMA_INCOMPATIBLE');
    // A new optional field: every earlier reader ignores it (open content), so FORWARD_TRANSITIVE allows it.
    const compatible = envelopeSchema(
      'InvoiceSigned',
      1,
      invoiceSignedV1Data.extend({ signer_key_id: z.string().optional() }),
    );
    const id = await registry.register(subject, jsonSchemaOf(compatible, subject));
    const versions = await fetch(`${schemaRegistryUrl()}/subjects/${encodeURIComponent(subject)}/versions`).then((r) =>
      r.json(),
    );
    expect(versions).toEqual([1, 2]);
    expect(id).toBeGreaterThan(0);
  });

  it('encodes in the Confluent wire format and decodes the same envelope', async () => {
    const registry = codec();
    const event = signed();
    const value = await registry.encode(event);
    const ids = await registry.registerAll();
    expect(value[0]).toBe(0);
    expect(value.readUInt32BE(1)).toBe(ids[registry.subjectOf('InvoiceSigned', 1)]);
    expect(JSON.parse(value.subarray(5).toString())).toEqual(event);
    // Another process, with nothing cached, reads it by the id in the message.
    expect(await codec().decode(value)).toEqual(event);
    expect(invoiceSignedV1.parse(await codec().decode(value))).toEqual(event);
  });

  it('fails clearly: an unknown schema id, bytes not in the wire format, an envelope its schema refuses, an event with no contract', async () => {
    const registry = codec();
    const unknownId = Buffer.concat([Buffer.from([0, 0x7f, 0xff, 0xff, 0xf1]), Buffer.from('{}')]);
    expect(await codeOf(registry.decode(unknownId))).toBe('SCHEMA_UNKNOWN');
    expect(await codeOf(registry.decode(Buffer.from('{"id":"x"}')))).toBe('MESSAGE_UNREADABLE');
    expect(await codeOf(registry.decode(Buffer.from([0, 0])))).toBe('MESSAGE_UNREADABLE');
    expect(await codeOf(registry.encode(signed({ xml_sha256: 'not hex' })))).toBe('MESSAGE_INVALID');
    expect(await codeOf(registry.encode({ ...signed(), type: 'InvoiceTeleported' }))).toBe('SCHEMA_NOT_IN_CATALOGUE');
    const down = new SchemaRegistryCodec({
      url: 'http://127.0.0.1:9/apis/ccompat/v7',
      contracts: invoiceEventSchemas,
      namespace,
    });
    const error = await down.encode(signed()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SCHEMA_REGISTRY_UNAVAILABLE', retriable: true });
  });

  it('a registry request that gets no answer is abandoned at its deadline and tried again, so one hung request does not hold a publish', async () => {
    const registry = await startSilentRegistry({ swallow: 1, upstream: schemaRegistryUrl() });
    try {
      const hasty = new SchemaRegistryCodec({
        url: registry.url,
        contracts: invoiceEventSchemas,
        namespace: unique('fe.events.test'),
        requestTimeoutMs: 300,
      });
      const value = await hasty.encode(signed());
      expect(await codec().decode(value)).toMatchObject({ type: 'InvoiceSigned' });
      expect(registry.requestsSeen()).toBeGreaterThan(1);
    } finally {
      await registry.close();
    }
  });

  it('a registry that never answers fails the publish as SCHEMA_REGISTRY_UNAVAILABLE (retriable) after its retries', async () => {
    const registry = await startSilentRegistry({ swallow: Number.POSITIVE_INFINITY });
    try {
      const hung = new SchemaRegistryCodec({
        url: registry.url,
        contracts: invoiceEventSchemas,
        namespace,
        requestTimeoutMs: 200,
        retries: 2,
      });
      const error = await hung.encode(signed()).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'SCHEMA_REGISTRY_UNAVAILABLE', retriable: true });
      expect(registry.requestsSeen()).toBe(3);
    } finally {
      await registry.close();
    }
  });
});

import { invoiceEventSchemas } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { KafkaBusError } from '../errors.ts';
import { jsonSchemaOf, subjectFor } from './event-json-schemas.ts';
import { SchemaRegistryCodec } from './schema-registry-codec.ts';

describe('event JSON Schemas and subjects', () => {
  it('one subject per event type and version: <namespace>.<Type>.v<N>', () => {
    expect(subjectFor('co.fe-colombia', 'InvoiceSigned', 1)).toBe('co.fe-colombia.InvoiceSigned.v1');
    const codec = new SchemaRegistryCodec({ url: 'http://127.0.0.1:9', contracts: invoiceEventSchemas });
    expect(codec.subjectOf('InvoiceProcessingHalted', 2)).toBe('co.fe-colombia.InvoiceProcessingHalted.v2');
  });

  it('every published contract has a draft-07 JSON Schema that pins its type and version', () => {
    for (const [key, contract] of Object.entries(invoiceEventSchemas)) {
      const schema = JSON.parse(jsonSchemaOf(contract)) as {
        $schema: string;
        definitions: Record<string, { properties: Record<string, { const?: unknown }>; required: string[] }>;
      };
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      const body = schema.definitions[key]!;
      expect(`${String(body.properties.type!.const)}.v${String(body.properties.version!.const)}`).toBe(key);
      expect(body.required).toEqual(expect.arrayContaining(['id', 'type', 'version', 'tenant_id', 'data']));
    }
  });

  it("the registered schema's title is its subject, the record name Confluent's RecordNameStrategy reads", () => {
    for (const [key, contract] of Object.entries(invoiceEventSchemas)) {
      const subject = `co.fe-colombia.${key}`;
      const schema = JSON.parse(jsonSchemaOf(contract, subject)) as { title?: string; $ref: string };
      expect(schema.title).toBe(subject);
      expect(schema.$ref).toBe(`#/definitions/${key}`);
    }
  });

  it("every format in the schemas has a pattern beside it, so turning Ajv's format checks off loses no check", () => {
    const unchecked: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      const fields = node as Record<string, unknown>;
      if (typeof fields.format === 'string' && typeof fields.pattern !== 'string')
        unchecked.push(`${path} (${fields.format})`);
      for (const [name, value] of Object.entries(fields)) walk(value, `${path}/${name}`);
    };
    for (const [key, contract] of Object.entries(invoiceEventSchemas)) walk(JSON.parse(jsonSchemaOf(contract)), key);
    expect(unchecked).toEqual([]);
  });

  it('bytes that are not in the wire format are refused before the registry is asked', async () => {
    const codec = new SchemaRegistryCodec({ url: 'http://127.0.0.1:9', contracts: invoiceEventSchemas });
    const error = await codec.decode(Buffer.from('{"type":"InvoiceSigned"}')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KafkaBusError);
    expect(error).toMatchObject({ code: 'MESSAGE_UNREADABLE', retriable: false });
  });
});

describe('contracts/asyncapi.json against what the codec registers', () => {
  it("names each event's subject and carries the schema registered under it", async () => {
    const { buildAsyncApiDocument } = await import('@fe/contracts');
    const doc = buildAsyncApiDocument() as {
      components: { schemas: Record<string, unknown>; messages: Record<string, { description: string }> };
    };
    for (const [key, contract] of Object.entries(invoiceEventSchemas)) {
      const [type, version] = key.split('.v') as [string, string];
      expect(doc.components.messages[key]!.description).toContain(
        `\`${subjectFor('co.fe-colombia', type, Number(version))}\``,
      );
      const registered = JSON.parse(jsonSchemaOf(contract).replaceAll('"#/definitions/', '"#/components/schemas/')) as {
        definitions: Record<string, unknown>;
      };
      for (const [id, schema] of Object.entries(registered.definitions))
        expect(doc.components.schemas[id], id).toEqual(schema);
    }
  });
});

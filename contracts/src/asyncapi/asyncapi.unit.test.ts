import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoiceEventSchemas } from '../events/invoice-events.ts';
import { topics } from '../topology.ts';
import { buildAsyncApiDocument } from './build-asyncapi.ts';

type Doc = {
  asyncapi: string;
  channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { channel: { $ref: string }; messages: { $ref: string }[] }>;
  components: {
    schemas: Record<string, { properties: Record<string, unknown> }>;
    messages: Record<
      string,
      { description: string; headers: { properties: Record<string, unknown> }; payload: { $ref: string } }
    >;
  };
};

describe('contracts/asyncapi.json', () => {
  it('is what the zod schemas generate (run `pnpm asyncapi` when this fails)', () => {
    const checkedIn = JSON.parse(readFileSync(new URL('../../asyncapi.json', import.meta.url), 'utf8'));
    expect(checkedIn).toEqual(JSON.parse(JSON.stringify(buildAsyncApiDocument())));
  });

  it('is AsyncAPI 3.0 with both topics, every published event version with its subject and the CloudEvents headers, and every reference resolving', () => {
    const doc = buildAsyncApiDocument() as Doc;
    expect(doc.asyncapi).toBe('3.0.0');
    expect(Object.values(doc.channels).map((c) => c.address)).toEqual([
      topics.invoiceEvents.name,
      topics.tenantEvents.name,
    ]);
    expect(Object.keys(doc.components.messages)).toEqual(Object.keys(invoiceEventSchemas));
    for (const [key, message] of Object.entries(doc.components.messages)) {
      expect(message.description).toContain(`\`co.fe-colombia.${key}\``);
      expect(Object.keys(message.headers.properties)).toEqual(
        expect.arrayContaining([
          'ce_specversion',
          'ce_id',
          'ce_type',
          'ce_source',
          'ce_time',
          'ce_subject',
          'ce_documentkind',
          'content-type',
        ]),
      );
      expect(message.payload.$ref).toBe(`#/components/schemas/${key}`);
      expect(Object.keys(doc.components.schemas[key]!.properties)).toEqual(
        expect.arrayContaining(['id', 'type', 'version', 'data']),
      );
    }
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], doc);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(resolve(ref), ref).toBeDefined();
  });

  // A reader generated from today's document must read the optional fields a v1 gains tomorrow (docs/events.md).
  it('closes no object: a reader of it ignores fields it does not know', () => {
    const closed: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      for (const [name, value] of Object.entries(node)) {
        if (name === 'additionalProperties' && value === false) closed.push(path);
        walk(value, `${path}/${name}`);
      }
    };
    walk(buildAsyncApiDocument().components, '#/components');
    expect(closed).toEqual([]);
  });

  it("docs/events.md's table names every event type the topic carries", () => {
    const doc = readFileSync(new URL('../../../docs/events.md', import.meta.url), 'utf8');
    const missing = Object.keys(invoiceEventSchemas)
      .map((key) => key.split('.v')[0]!)
      .filter((type) => !doc.includes(`\`${type}\``));
    expect(missing).toEqual([]);
  });
});

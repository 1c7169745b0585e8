// The guard on every published event schema (docs/events.md, "Versioning"): each subject's revisions in
// contracts/published-schemas.json, then today's schema, registered in order under the registry's FORWARD_TRANSITIVE
// check. A change an earlier reader could not read (a new enum value, a field made required or retyped) is refused
// here, before a shared registry refuses it in production.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { publishedEventSchemas, publishedJsonSchema } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { schemaRegistryUrl, unique } from '../../test-support/servers.ts';
import { SchemaRegistryCodec } from './schema-registry-codec.ts';

const historyFile = createRequire(import.meta.url).resolve('@fe/contracts/published-schemas.json');
const history = JSON.parse(readFileSync(historyFile, 'utf8')) as Record<string, Record<string, unknown>[]>;

describe('every published event schema, after all its published revisions', () => {
  it('is accepted by the registry as the next version of its subject', async () => {
    const registry = new SchemaRegistryCodec({
      url: schemaRegistryUrl(),
      contracts: publishedEventSchemas,
      namespace: unique('fe.history'),
    });
    const refused: string[] = [];
    for (const [key, contract] of Object.entries(publishedEventSchemas)) {
      const [type, version] = [key.slice(0, key.lastIndexOf('.v')), Number(key.slice(key.lastIndexOf('.v') + 2))];
      const subject = registry.subjectOf(type, version);
      const titled = (schema: Record<string, unknown>) =>
        JSON.stringify({ $schema: schema.$schema, title: subject, ...schema });
      for (const revision of [...(history[key] ?? []), publishedJsonSchema(contract)]) {
        const error = await registry.register(subject, titled(revision)).catch((e: unknown) => e);
        if (error instanceof Error) refused.push(`${key}: ${error.message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

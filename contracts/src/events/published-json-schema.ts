import { z } from 'zod';

/**
 * The JSON Schema (draft-07) a subscriber and the registry hold for one published event version: zod's output with
 * open content (no `additionalProperties: false`), so a reader generated from it still reads the optional fields a
 * version gains later; `title`, when given, is the registry subject, the record name Confluent's RecordNameStrategy
 * reads (docs/events.md, "Subjects").
 */
export function publishedJsonSchema(contract: z.ZodType, title?: string): Record<string, unknown> {
  const schema = openContent(z.toJSONSchema(contract, { target: 'draft-7' })) as Record<string, unknown>;
  return title === undefined ? schema : { $schema: schema.$schema, title, ...schema };
}

function openContent(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openContent);
  if (!node || typeof node !== 'object') return node;
  const open: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node)) {
    if (name === 'additionalProperties' && value === false) continue;
    open[name] = openContent(value);
  }
  return open;
}

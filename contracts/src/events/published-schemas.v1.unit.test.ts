import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishedEventSchemas } from './published-events.ts';
import { publishedJsonSchema } from './published-json-schema.ts';

/**
 * Every subject registered before InvoiceRequested.v2, as `publishedJsonSchema` made it then (written from main at
 * 7f36be5): FORWARD_TRANSITIVE refuses any change a reader of a published version could not read, so these stay
 * byte for byte what the registry holds (docs/events.md, "Versioning").
 */
const snapshot = JSON.parse(
  readFileSync(new URL('./published-schemas.v1.snapshot.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('the published schemas of earlier subjects', () => {
  it.each(Object.keys(snapshot))('%s is byte-identical to what was registered', (key) => {
    const contract = publishedEventSchemas[key as keyof typeof publishedEventSchemas];
    expect(contract).toBeDefined();
    expect(JSON.stringify(publishedJsonSchema(contract, `co.fe-colombia.${key}`))).toBe(JSON.stringify(snapshot[key]));
  });

  it('leave only the new versions outside the snapshot', () => {
    expect(Object.keys(publishedEventSchemas).filter((key) => !(key in snapshot))).toEqual(['InvoiceRequested.v2']);
  });
});

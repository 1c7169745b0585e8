import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { publishedJsonSchema } from './published-json-schema.ts';
import { publishedEventSchemas } from './published-events.ts';
import { historyWithToday, type PublishedSchemaHistory } from './published-schema-history.ts';

const checkedIn = JSON.parse(
  readFileSync(new URL('../../published-schemas.json', import.meta.url), 'utf8'),
) as PublishedSchemaHistory;

describe('contracts/published-schemas.json', () => {
  it("ends, for every published event, with today's schema (run `pnpm asyncapi` when this fails)", () => {
    for (const [key, contract] of Object.entries(publishedEventSchemas))
      expect(checkedIn[key]?.at(-1), key).toEqual(publishedJsonSchema(contract));
  });

  it('keeps every subject it ever held: a published version is never withdrawn', () => {
    expect(Object.keys(publishedEventSchemas)).toEqual(expect.arrayContaining(Object.keys(checkedIn)));
  });
});

describe('historyWithToday', () => {
  const v1 = z.object({ id: z.string() });
  const v1WithField = z.object({ id: z.string(), note: z.string().optional() });

  it('appends a changed schema after the revisions before it, and nothing when it is unchanged', () => {
    const first = historyWithToday({}, { 'Thing.v1': v1 });
    expect(first['Thing.v1']).toEqual([publishedJsonSchema(v1)]);
    expect(historyWithToday(first, { 'Thing.v1': v1 })).toEqual(first);
    expect(historyWithToday(first, { 'Thing.v1': v1WithField })['Thing.v1']).toEqual([
      publishedJsonSchema(v1),
      publishedJsonSchema(v1WithField),
    ]);
  });
});

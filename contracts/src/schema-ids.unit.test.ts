// One `.meta({ id })` names one schema across everything published: zod's global registry keeps the last schema
// registered under an id, and so do the OpenAPI document (built from that registry) and the AsyncAPI one (each
// event's definitions merged by id): a second schema with a taken id silently replaces the first in one of them.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';

type Schema = z.core.$ZodType;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof value._zod === 'object';

/** Every schema reachable from `roots`, through every part of each definition (shapes, options, inner types…). */
function reachable(roots: Iterable<Schema>): Set<Schema> {
  const seen = new Set<Schema>();
  const visit = (value: unknown): void => {
    if (isSchema(value)) {
      if (seen.has(value)) return;
      seen.add(value);
      for (const [key, part] of Object.entries(value._zod.def)) {
        // z.lazy's getter gives the schema it stands for (a recursive one is met again and stops here).
        visit(key === 'getter' && typeof part === 'function' ? (part as () => unknown)() : part);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      Object.values(value).forEach(visit);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The ids carried by more than one schema among `schemas` (zod's own lookup: a clone does not inherit an id). */
function sharedIds(schemas: Iterable<Schema>): Record<string, number> {
  const byId = new Map<string, Set<Schema>>();
  for (const schema of schemas) {
    const id = z.globalRegistry.get(schema)?.id;
    if (typeof id === 'string') byId.set(id, (byId.get(id) ?? new Set()).add(schema));
  }
  return Object.fromEntries([...byId].filter(([, set]) => set.size > 1).map(([id, set]) => [id, set.size]));
}

describe('schema ids', () => {
  // Published: every event version (AsyncAPI, the registry) and every schema the API document is built from (the
  // registry's ids, and every schema the package exports), with all they contain.
  const published = reachable([
    ...Object.values(contracts.publishedEventSchemas),
    ...z.globalRegistry._idmap.values(),
    ...(Object.values(contracts) as unknown[]).filter(isSchema),
  ]);

  it('are each carried by one schema across the published events and the HTTP API', () => {
    expect(published.size).toBeGreaterThan(100); // the walk reached into the contracts, not just their roots
    expect(sharedIds(published)).toEqual({});
  });

  it('are told apart by the check: two schemas under one id are found', () => {
    const first = z.object({ a: z.string() }).meta({ id: 'SchemaIdsProbe' });
    const second = z.object({ b: z.string() }).meta({ id: 'SchemaIdsProbe' });
    const parent = z.object({ one: first, many: z.array(second.optional()) });
    expect(sharedIds(reachable([parent]))).toEqual({ SchemaIdsProbe: 2 });
    z.globalRegistry.remove(first).remove(second); // not left for a later reader of the registry
  });
});

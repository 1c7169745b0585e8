import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { publishedJsonSchema } from './published-json-schema.ts';

/**
 * Every revision ever published of each event schema, oldest first, keyed `<Type>.v<version>`
 * (contracts/published-schemas.json). A test registers each subject's revisions and then today's schema under the
 * registry's FORWARD_TRANSITIVE check, so a change an earlier reader could not read fails before it is published.
 */
export type PublishedSchemaHistory = Record<string, Record<string, unknown>[]>;

/** The history with today's schema of each contract appended where it differs from the last revision. */
export function historyWithToday(
  history: PublishedSchemaHistory,
  contracts: Readonly<Record<string, z.ZodType>>,
): PublishedSchemaHistory {
  const next: PublishedSchemaHistory = { ...history };
  for (const [key, contract] of Object.entries(contracts)) {
    const today = publishedJsonSchema(contract);
    const revisions = next[key] ?? [];
    if (!isDeepStrictEqual(revisions.at(-1), today)) next[key] = [...revisions, today];
  }
  return next;
}

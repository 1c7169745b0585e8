import { publishedJsonSchema } from '@fe/contracts';
import type { z } from 'zod';

/** The zod envelope schema of each published event, keyed `<Type>.v<version>` (contracts' `invoiceEventSchemas`). */
export type EventContracts = Readonly<Record<string, z.ZodType>>;

export const contractKey = (type: string, version: number): string => `${type}.v${version}`;

/**
 * The subjects' default namespace: a subject, and the title its schema carries, is then its events' `ce_type`. The
 * closed schemas registered before under `fe.events` stay where they are (docs/choices.md, "Schema subjects").
 */
export const DEFAULT_SUBJECT_NAMESPACE = 'co.fe-colombia';

/**
 * One subject per event type and version (RecordNameStrategy), whatever the topic: a breaking change is a new
 * version, so a new subject, and FORWARD_TRANSITIVE compatibility guards each published one.
 */
export const subjectFor = (namespace: string, type: string, version: number): string =>
  `${namespace}.${contractKey(type, version)}`;

/**
 * One zod contract's JSON Schema (draft-07, what the registry client's Ajv reads), as registered: open content, titled
 * with its subject (contracts' publishedJsonSchema). zod writes a `pattern` beside each `format`, so format validators
 * are not needed.
 */
export function jsonSchemaOf(contract: z.ZodType, subject?: string): string {
  return JSON.stringify(publishedJsonSchema(contract, subject));
}

import { z } from 'zod';

/** The zod envelope schema of each published event, keyed `<Type>.v<version>` (contracts' `invoiceEventSchemas`). */
export type EventContracts = Readonly<Record<string, z.ZodType>>;

export const contractKey = (type: string, version: number): string => `${type}.v${version}`;

/**
 * One subject per event type and version (RecordNameStrategy), whatever the topic: a breaking change is a new
 * version, so a new subject, and BACKWARD compatibility guards each published one.
 */
export const subjectFor = (namespace: string, type: string, version: number): string =>
  `${namespace}.${contractKey(type, version)}`;

/**
 * One zod contract's JSON Schema (draft-07, what the registry client's Ajv reads), as registered. zod writes a
 * `pattern` beside each `format`, so format validators are not needed.
 */
export function jsonSchemaOf(contract: z.ZodType): string {
  return JSON.stringify(z.toJSONSchema(contract, { target: 'draft-7' }));
}

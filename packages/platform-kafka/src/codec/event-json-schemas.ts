import { z } from 'zod';

/** The zod envelope schema of each published event, keyed `<Type>.v<version>` (contracts' `invoiceEventSchemas`). */
export type EventContracts = Readonly<Record<string, z.ZodType>>;

export const contractKey = (type: string, version: number): string => `${type}.v${version}`;

/**
 * One subject per event type and version (RecordNameStrategy), whatever the topic: a breaking change is a new
 * version, so a new subject, and BACKWARD compatibility guards each published one.
 */
export const subjectFor = (namespace: string, type: string, version: number): string => `${namespace}.${contractKey(type, version)}`;

/**
 * The JSON Schema (draft-07, which the registry client's Ajv reads) of one zod contract, as the
 * text registered. zod writes a `pattern` beside each `format` it emits, so the formats need no
 * validator of their own (the codec turns Ajv's format checks off).
 */
export function jsonSchemaOf(contract: z.ZodType): string {
  return JSON.stringify(z.toJSONSchema(contract, { target: 'draft-7' }));
}

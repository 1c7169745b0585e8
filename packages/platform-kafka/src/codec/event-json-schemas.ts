import { z } from 'zod';

/** The zod envelope schema of each published event, keyed `<Type>.v<version>` (contracts' `invoiceEventSchemas`). */
export type EventContracts = Readonly<Record<string, z.ZodType>>;

export const contractKey = (type: string, version: number): string => `${type}.v${version}`;

/**
 * One subject per event type and version, whatever the topic (a `.dlq` topic carries the same
 * schemas): `<namespace>.<Type>.v<version>`, e.g. `fe.events.InvoiceSigned.v1` — Confluent's
 * RecordNameStrategy with the contract's id as the record name. A breaking change is a new
 * version, so a new subject; BACKWARD compatibility guards each subject against edits of a
 * published version (docs/architecture.md, convention 11: `*.v1.ts` never changes incompatibly).
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

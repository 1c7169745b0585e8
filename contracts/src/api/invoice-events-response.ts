import { z } from 'zod';
import { sha256Hex } from '../events/shared.ts';
import { cufeSchema } from './invoice-response.ts';

export const invoiceEventFileSchema = z
  .object({
    role: z
      .string()
      .describe(
        "What the file is, from the event field that names it: `xml` (the signed invoice), `pdf`, `application_response` (DIAN's answer).",
      ),
    key: z.string().describe("The file's key in the blob store."),
    sha256: sha256Hex
      .nullable()
      .describe(
        'SHA-256 of the file, lowercase hex: as the event records it, or of the stored file when the event records none; null when such a file is missing.',
      ),
    recorded_in_event: z
      .boolean()
      .describe('True when the event itself carries the digest (then the file is not read to answer).'),
  })
  .meta({ id: 'InvoiceEventFile' });

export const invoiceEventEntrySchema = z
  .object({
    id: z.uuid().describe("The event's id."),
    type: z.string().describe('Past tense, e.g. InvoiceSigned.'),
    event_version: z.number().int().positive().describe('The schema version of the event (InvoiceSigned.v1: 1).'),
    stream_version: z.number().int().nonnegative().describe("Its place in the invoice's stream, from 0."),
    position: z
      .string()
      .regex(/^\d+$/)
      .describe('Its global position in the event store (decimal: exact beyond 2^53).'),
    occurred_at: z.iso.datetime({ offset: true }).describe('When it happened, as its producer said.'),
    recorded_at: z.iso.datetime({ offset: true }).describe('When the event store recorded it.'),
    correlation_id: z.string().describe('The request every event of this invoice descends from.'),
    causation_id: z.string().describe('The event (or request) that directly caused this one.'),
    chain_digest: sha256Hex
      .optional()
      .describe('The stream\'s tamper-evidence digest at this event (docs/platform.md, "Tamper evidence").'),
    files: z.array(invoiceEventFileSchema).describe('Every file the event names, with its digest.'),
    data: z
      .record(z.string(), z.unknown())
      .describe("The event's data as published (its JSON Schema is in contracts/asyncapi.json)."),
  })
  .meta({ id: 'InvoiceEventEntry' });

/** Body of GET /api/v1/service/invoices/<cufe>/events: the invoice's whole recorded history, oldest first. */
export const invoiceEventsResponseSchema = z
  .object({
    cufe: cufeSchema,
    number: z.string().describe('Prefix + consecutive, e.g. SETP990000001.'),
    events: z.array(invoiceEventEntrySchema),
  })
  .meta({ id: 'InvoiceEventsResponse' });

export type InvoiceEventFile = z.infer<typeof invoiceEventFileSchema>;
export type InvoiceEventEntry = z.infer<typeof invoiceEventEntrySchema>;
export type InvoiceEventsResponse = z.infer<typeof invoiceEventsResponseSchema>;

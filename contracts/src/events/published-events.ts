import { invoiceEventSchemas } from './invoice-events.ts';
import { tenantEventSchemas } from './tenant-changed.v1.ts';

/** Every event schema published on any topic, by `type` and `version`: what a schema registry codec needs. */
export const publishedEventSchemas = { ...invoiceEventSchemas, ...tenantEventSchemas } as const;

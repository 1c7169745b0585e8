import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/** What changed; one audit event per change made by the tenant commands (CLI or admin portal). */
export const tenantChanges = [
  'TenantCreated',
  'CompanyUpdated',
  'CertificateStored',
  'SoftwareSet',
  'ResolutionAdded',
  'ApiKeyIssued',
  'ApiKeyRotated',
  'ApiKeysRevoked',
  'TestSetPassed',
  'SwitchedToProduction',
  'NoteNumberingSet',
] as const;
export type TenantChange = (typeof tenantChanges)[number];

/**
 * An audit record of one tenant change: who, and what is public about it; never a password, PIN, `.p12` byte or
 * API key.
 */
export const tenantChangedV1Data = z.object({
  change: z.enum(tenantChanges),
  /** 'cli', or 'portal:<account email>'. */
  actor: z.string().min(1),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

export const tenantChangedV1 = envelopeSchema('TenantChanged', 1, tenantChangedV1Data).meta({ id: 'TenantChanged.v1' });
export type TenantChangedV1 = z.infer<typeof tenantChangedV1>;

/** Every published tenant event schema, by `type` and `version`. */
export const tenantEventSchemas = { 'TenantChanged.v1': tenantChangedV1 } as const;

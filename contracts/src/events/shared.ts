import { z } from 'zod';

/** A 2-decimal amount exactly as it is written in the XML ("1234.50"). */
export const amountString = z.string().regex(/^\d+\.\d{2}$/);
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** A blob-store key, never a URL: links are minted when they are handed out. */
export const blobKey = z.string().min(1).max(512);
export const taxAuthorityRule = z.object({ rule: z.string(), message: z.string() });

/**
 * Which build rules made the document's amounts and so its CUFE/CUDE (@fe/dian-domain build-rules.ts):
 * every rebuild uses this version, never today's. Optional, so events recorded before it existed
 * still parse (InvoiceRequested: absent = 1; a note: absent = 2), and any positive integer parses,
 * so a later release's version reaches the signer, which refuses it with BUILD_RULES_UNKNOWN.
 */
export const buildRulesField = z.number().int().min(1).optional()
  .describe('The build rules version that made the CUFE/CUDE; absent: 1 for InvoiceRequested, 2 for a note (docs/dian-domain.md, "Build rules versions").');

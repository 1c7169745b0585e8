import { z } from 'zod';

/** A 2-decimal amount exactly as it is written in the XML ("1234.50"). */
export const amountString = z.string().regex(/^\d+\.\d{2}$/);
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** A blob-store key, never a URL: links are minted when they are handed out. */
export const blobKey = z.string().min(1).max(512);
export const taxAuthorityRule = z.object({ rule: z.string(), message: z.string() });

/**
 * The build rules behind the document's amounts (@fe/dian-domain build-rules.ts). Optional so older events parse;
 * any positive integer parses so the signer, not the schema, refuses an unknown one.
 */
export const buildRulesField = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe(
    'The build rules version that made the CUFE/CUDE; absent: 1 for InvoiceRequested, 2 for a note (docs/dian-domain.md, "Build rules versions").',
  );

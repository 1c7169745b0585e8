import { z } from 'zod';

/** A 2-decimal amount exactly as it is written in the XML ("1234.50"). */
export const amountString = z.string().regex(/^\d+\.\d{2}$/);
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** A blob-store key, never a URL: links are minted when they are handed out. */
export const blobKey = z.string().min(1).max(512);
export const taxAuthorityRule = z.object({ rule: z.string(), message: z.string() });

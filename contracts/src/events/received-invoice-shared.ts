import { z } from 'zod';

/** The buyer's RADIAN events a tenant sends on a received invoice (docs/radian.md, "The buyer's side"). */
export const buyerEventCodeSchema = z
  .enum(['030', '031', '032', '033'])
  .describe('030 acuse de recibo, 031 reclamo, 032 recibo del bien o servicio, 033 aceptación expresa.');
export type BuyerEventCode = z.infer<typeof buyerEventCodeSchema>;

/** Who received the invoice or the goods, or accepted: DocumentResponse/IssuerParty/Person. */
export const buyerEventPersonSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9]{1,20}$/)
    .describe('Identification number, letters and digits.'),
  document_type: z
    .string()
    .min(1)
    .max(2)
    .default('13')
    .describe('Identification type (annex table 13.2.1); 13 cédula.'),
  first_name: z.string().min(1).max(100),
  family_name: z.string().min(1).max(100),
  job_title: z.string().min(1).max(100).optional(),
  department: z.string().min(1).max(100).optional(),
});

/** A claim's reason (031): DIAN's list 01–04, and the buyer's own words. */
export const buyerEventClaimSchema = z.object({
  reason: z.enum(['01', '02', '03', '04']).describe("The claim's reason (DIAN's list of claim reasons)."),
  text: z.string().min(1).max(5000).optional().describe("The buyer's explanation, written in the event's Note."),
});

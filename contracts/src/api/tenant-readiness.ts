import { z } from 'zod';

/**
 * Body of GET /api/v1/service/tenant/readiness: whether the API takes the tenant's documents now, and how long its
 * signing certificate lasts. A certificate within 30 days of its end is a warning, not a failure, until it ends.
 */
export const tenantReadinessResponseSchema = z
  .object({
    status: z
      .enum(['ready', 'ready_with_warnings', 'not_ready'])
      .describe('`not_ready` is what `403 TENANT_NOT_READY` answers a document with; warnings never make it.'),
    missing: z
      .array(z.string())
      .describe('What keeps the tenant from issuing (empty when ready), as the TENANT_NOT_READY message says it.'),
    certificate_not_after: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("The stored certificate's end of validity; absent when none is on file."),
    certificate_expires_in_days: z
      .number()
      .int()
      .optional()
      .describe('Whole days left, rounded up (23 hours left is 1); 0 or less once it has ended.'),
    warnings: z
      .array(
        z.union([
          z.object({
            code: z
              .enum(['CERTIFICATE_EXPIRING', 'CERTIFICATE_REVOCATION_UNKNOWN'])
              .describe(
                'CERTIFICATE_EXPIRING: the certificate is within 30, 7 or 1 days of its end (`threshold_days`). ' +
                  'CERTIFICATE_REVOCATION_UNKNOWN: its CA (OCSP responder, CRL) did not answer; it still signs.',
              ),
            threshold_days: z
              .union([z.literal(30), z.literal(7), z.literal(1)])
              .optional()
              .describe('With CERTIFICATE_EXPIRING only.'),
            message: z.string().describe('In Spanish, with the date, for a person.'),
          }),
          z.object({
            code: z
              .enum(['CONTINGENCY_DEADLINE'])
              .describe(
                'A contingency invoice (type 04) DIAN has not taken yet is near, or past, the end of its window (docs/contingency.md).',
              ),
            document_id: z.string().describe('The oldest such invoice (prefix + number).'),
            transmit_by: z.iso.datetime({ offset: true }).describe('When its window ends.'),
            message: z.string().describe('In Spanish, with the date, for a person.'),
          }),
        ]),
      )
      .describe('Empty when nothing needs attention.'),
  })
  .meta({ id: 'TenantReadinessResponse' });

export type TenantReadinessResponse = z.infer<typeof tenantReadinessResponseSchema>;

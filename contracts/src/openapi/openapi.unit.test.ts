import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../api/error-codes.ts';
import { buildOpenApiDocument } from './build-openapi.ts';

describe('contracts/openapi.json', () => {
  it('is what the zod schemas generate (run `pnpm openapi` when this fails)', () => {
    const checkedIn = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    expect(checkedIn).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('is OpenAPI 3.1 with every route the service serves and every error code documented', () => {
    const doc = buildOpenApiDocument() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual([
      '/api/v1/service/invoice',
      '/api/v1/service/credit-note',
      '/api/v1/service/debit-note',
      '/api/v1/service/invoice/{cufe}/notify',
      '/api/v1/service/invoice/{cufe}/tacit-acceptance',
      '/api/v1/service/invoice/{cufe}/title-value',
      '/api/v1/service/invoice/{cufe}/endorsement',
      '/api/v1/service/received-invoices',
      '/api/v1/service/received-invoices/{cufe}',
      '/api/v1/service/reception-mailbox',
      '/api/v1/service/received-invoices/{cufe}/events',
      '/api/v1/service/status/{cufe}',
      '/api/v1/service/invoices/{cufe}/events',
      '/api/v1/service/tenant/readiness',
      '/files/{key}',
      '/docs',
      '/docs/openapi.json',
    ]);
    const text = JSON.stringify(doc);
    for (const code of errorCodes) expect(text).toContain(`\`${code}\``);
  });

  it('describes the request with its required fields and the 500-line bound', () => {
    const doc = buildOpenApiDocument() as {
      components: {
        schemas: Record<string, { required?: string[]; properties?: Record<string, { maxItems?: number }> }>;
      };
    };
    const request = doc.components.schemas.InvoiceRequestV2!;
    expect(request.required).toEqual(['customer', 'lines', 'payment']);
    expect(request.properties!.lines!.maxItems).toBe(500);
  });
});

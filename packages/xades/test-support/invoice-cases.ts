// The invoices the signer is verified on (tests) and measured on (bench/), built by the real UBL
// builder so every case is exactly what production signs. The verified table is the Foundation's
// (`@fe/dian-domain/testing`, escaping and Unicode cases included); the bench adds sizes.
import { buildCase, invoiceCases } from '@fe/dian-domain/testing';
import type { BuiltInvoice } from '@fe/dian-domain';

export { invoiceCases };

/** The case the tampering tests edit: escaped characters, quotes and emoji in every field. */
export const escapingCase = invoiceCases.find((c) => c.name === 'escaping and Unicode in every field')!;

/** A case of the table, issued at `issuedAt` (inside the test certificates' validity). */
export const buildTableCase = (c: (typeof invoiceCases)[number], issuedAt: Date): BuiltInvoice =>
  buildCase(c.request, undefined, issuedAt);

/** `count` lines cycling through IVA 19, INC 8 and no tax. */
function manyLines(count: number) {
  const taxes = [[{ code: '01' as const, name: 'IVA', rate: 19 }], [{ code: '04' as const, name: 'INC', rate: 8 }], []];
  return Array.from({ length: count }, (_, i) => ({
    code: `SKU-${i + 1}`,
    name: `Producto número ${i + 1}`,
    quantity: (i % 7) + 1,
    unit_price: 1000 + i * 13.25,
    taxes: taxes[i % 3]!,
  }));
}

/** An invoice of `lines` lines (bench sizes 5, 100, 500). */
export function buildWithLines(lines: number, issuedAt: Date): BuiltInvoice {
  const request = {
    customer: {
      document_type: '31' as const,
      document_number: '900108281',
      name: 'Cliente de Ejemplo S.A.S.',
      email: 'compras@cliente.example',
    },
    lines: manyLines(lines),
    payment: { method_code: '10' },
  };
  return buildCase(request, undefined, issuedAt);
}

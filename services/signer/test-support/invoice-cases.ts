// The invoices the signer is verified on (tests) and measured on (bench/), built by the real UBL
// builder so every case is exactly what production signs.
import {
  buildInvoiceXml, colombiaDateTime, demoResolution, demoSoftware, demoTenant, validateInvoiceRequest, type BuiltInvoice,
} from '@fe/dian-domain';

type Line = { code: string; name: string; quantity: number; unit_price: number; taxes?: { code: '01' | '04'; name: string; rate: number }[] };
type Customer = { document_type: '31' | '13' | '22'; document_number: string; name: string; email?: string };

const iva = (rate: number) => ({ code: '01' as const, name: 'IVA', rate });
const inc = (rate: number) => ({ code: '04' as const, name: 'INC', rate });
const nitBuyer: Customer = { document_type: '31', document_number: '900108281', name: 'Cliente de Ejemplo S.A.S.', email: 'compras@cliente.example' };

/** `count` lines cycling through IVA 19, INC 8 and no tax. */
export function manyLines(count: number): Line[] {
  const taxes = [[iva(19)], [inc(8)], []];
  return Array.from({ length: count }, (_, i) => ({
    code: `SKU-${i + 1}`, name: `Producto número ${i + 1}`, quantity: (i % 7) + 1, unit_price: 1000 + i * 13.25, taxes: taxes[i % 3]!,
  }));
}

export type InvoiceCase = { name: string; customer: Customer; lines: Line[]; dueDate?: string; notes?: string };

/** The Foundation's XSD table, plus escaping and Unicode. */
export const invoiceCases: InvoiceCase[] = [
  { name: 'one line', customer: nitBuyer, lines: manyLines(1) },
  {
    name: 'mixed IVA 0/5/19 and INC 2/4/8/16',
    customer: nitBuyer,
    lines: [
      ...[0, 5, 19].map((rate, i): Line => ({ code: `IVA-${rate}`, name: `Bien IVA ${rate}`, quantity: i + 1, unit_price: 12345.67, taxes: [iva(rate)] })),
      ...[2, 4, 8, 16].map((rate): Line => ({ code: `INC-${rate}`, name: `Servicio INC ${rate}`, quantity: 2, unit_price: 9999.99, taxes: [inc(rate)] })),
      { code: 'BOTH', name: 'IVA e INC', quantity: 1, unit_price: 50000, taxes: [iva(19), inc(8)] },
    ],
  },
  { name: 'lines without taxes', customer: nitBuyer, lines: [1, 2, 3].map((i) => ({ code: `EX-${i}`, name: `Libro excluido ${i}`, quantity: i, unit_price: 80000 })) },
  { name: '500 lines', customer: nitBuyer, lines: manyLines(500) },
  { name: 'credit payment with due date', customer: nitBuyer, lines: manyLines(3), dueDate: '2029-12-31' },
  { name: 'CC buyer', customer: { document_type: '13', document_number: '1020304050', name: 'José Pérez Gómez' }, lines: manyLines(2) },
  { name: 'CE buyer', customer: { document_type: '22', document_number: '456789', name: 'Jean-Luc Müller' }, lines: manyLines(2) },
  {
    name: 'escaping and Unicode',
    customer: { document_type: '31', document_number: '900108281', name: 'Señor "Ñandú" & <Hijos> S.A.S. 🚀', email: "o'brien@cliente.example" },
    lines: [{ code: 'A&B<1>', name: 'Café "especial" & té <orgánico> \'añejo\' ☕😀 > ]]>', quantity: 1, unit_price: 1234.5, taxes: [iva(19)] }],
    notes: 'Gracias & hasta pronto <3 — ¡Olé! 🇨🇴',
  },
];

export function buildCase(c: InvoiceCase, issuedAt: Date, number = Number(demoResolution.from)): BuiltInvoice {
  const body = {
    customer: { ...c.customer, address: { line: 'Calle 1 # 2-3', city_code: '11001' } },
    lines: c.lines,
    payment: c.dueDate ? { method_code: '31', due_date: c.dueDate } : { method_code: '10' },
    ...(c.notes ? { notes: c.notes } : {}),
  };
  const validated = validateInvoiceRequest(body, { issueDate: colombiaDateTime(issuedAt).date });
  if (!validated.ok) throw new Error(`case ${c.name}: ${JSON.stringify(validated.error)}`);
  return buildInvoiceXml({
    invoice: validated.value, tenant: demoTenant, resolution: demoResolution, number: String(number),
    software: demoSoftware, environment: '2', issuedAt,
  });
}

/** An invoice of `lines` lines (bench sizes 5, 100, 500). */
export function buildWithLines(lines: number, issuedAt: Date): BuiltInvoice {
  return buildCase({ name: `${lines} lines`, customer: nitBuyer, lines: manyLines(lines) }, issuedAt);
}

import {
  buildInvoiceXml,
  colombiaDateTime,
  demoResolution,
  demoSoftware,
  demoTenant,
  environments,
  validateInvoiceRequest,
  type BuiltInvoice,
} from '@fe/dian-domain';
import type { RenderRequest } from '../ports/invoice-renderer.ts';

/**
 * Deterministic demo invoices for the tests, the sample script and the bench; `lines` cycle through the tax kinds,
 * with a few long descriptions that wrap.
 */
export type SampleOptions = {
  lines: number;
  customerName?: string;
  /** Replaces every line's description (e.g. to test characters outside the font). */
  description?: string;
  number?: number;
};

const ISSUED_AT = new Date('2025-03-10T15:15:00Z'); // 10:15:00-05:00 in Colombia

const PRODUCTS = [
  { name: 'Consultoría en facturación electrónica', price: 150000, taxes: [{ code: '01', name: 'IVA', rate: 19 }] },
  { name: 'Almuerzo ejecutivo con bebida y postre', price: 25000.5, taxes: [{ code: '04', name: 'INC', rate: 8 }] },
  { name: 'Libro técnico «Contabilidad para pymes» (excluido de IVA)', price: 80000, taxes: [] },
  {
    name: 'Mantenimiento preventivo de equipos de cómputo en sede del cliente, incluye limpieza interna, revisión de ventiladores y actualización de firmware',
    price: 320000,
    taxes: [{ code: '01', name: 'IVA', rate: 19 }],
  },
  { name: 'Café de origen Huila, bolsa 500 g', price: 18900, taxes: [{ code: '01', name: 'IVA', rate: 5 }] },
  { name: 'Servicio de cafetería (niño y acompañante)', price: 12000, taxes: [{ code: '04', name: 'INC', rate: 8 }] },
];

export function sampleRequest(options: SampleOptions): unknown {
  return {
    customer: {
      document_type: '31',
      document_number: '900108281',
      name: options.customerName ?? 'Compañía Cliente de Ejemplo S.A.S.',
      email: 'compras@cliente.example',
      address: { line: 'Carrera 7 # 71 - 21, oficina 502', city_code: '05001' },
      tax_level_codes: ['O-13'],
    },
    lines: Array.from({ length: options.lines }, (_, i) => {
      const product = PRODUCTS[i % PRODUCTS.length]!;
      return {
        code: `PRD-${String(i + 1).padStart(4, '0')}`,
        name: options.description ?? product.name,
        quantity: (i % 4) + 1,
        unit_price: product.price,
        unit_code: i % 5 === 4 ? 'KGM' : '94',
        taxes: product.taxes,
      };
    }),
    payment: { method_code: '31', due_date: '2025-04-09' },
    notes: 'Gracias por su compra. Consignar en la cuenta de ahorros Bancolombia No. 123-456789-00.',
  };
}

/** The unsigned UBL invoice of a sample request (a signed one differs only by its ds:Signature). */
export function sampleInvoice(options: SampleOptions): BuiltInvoice {
  return demoInvoiceOf(sampleRequest(options), options.number);
}

/** The demo tenant's unsigned invoice for any request (e.g. one of examples/), issued at the samples' instant. */
export function demoInvoiceOf(request: unknown, number = 990001234): BuiltInvoice {
  const issue = colombiaDateTime(ISSUED_AT);
  const validated = validateInvoiceRequest(request, { issueDate: issue.date });
  if (!validated.ok) throw new Error(`sample request rejected: ${JSON.stringify(validated.error)}`);
  return buildInvoiceXml({
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number: String(number),
    software: demoSoftware,
    environment: environments.habilitacion,
    issuedAt: ISSUED_AT,
  });
}

/** What the XML cannot say: DIAN's acceptance instant and the provider's name. */
export const sampleReadOptions = {
  validatedAt: '2025-03-10T10:15:04-05:00',
  softwareProviderName: demoSoftware.providerName,
} as const;

/** A sample invoice as the reaction hands it to a renderer: its XML, the read options, the recorded facts. */
export function sampleRenderRequest(options: SampleOptions): RenderRequest {
  const { xml, cufe } = sampleInvoice(options);
  return { xml, options: { ...sampleReadOptions }, expected: { cufe, environment: environments.habilitacion } };
}

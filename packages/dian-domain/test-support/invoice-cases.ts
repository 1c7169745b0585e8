import type { InvoiceRequestInput } from '@fe/contracts';
import {
  buildInvoiceXml,
  colombiaDateTime,
  demoResolution,
  demoSoftware,
  demoTenant,
  validateInvoiceRequest,
  type BuiltInvoice,
} from '../src/index.ts';

/**
 * The invoices every independent check runs over (XSD, CUFE, sums), shared through `@fe/dian-domain/testing`.
 */
const line = (
  n: number,
  taxes: { code: '01' | '04'; rate: number }[],
  quantity: number | string = 1,
  price: number | string = 1000,
) => ({
  code: `P-${n}`,
  name: `Producto ${n}`,
  quantity,
  unit_price: price,
  taxes: taxes.map((t) => ({ ...t, name: t.code === '01' ? 'IVA' : 'INC' })),
});

const nitBuyer = { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' } as const;

export const invoiceCases: { name: string; request: InvoiceRequestInput }[] = [
  {
    name: 'one line',
    request: {
      customer: nitBuyer,
      lines: [line(1, [{ code: '01', rate: 19 }], 2, 50000)],
      payment: { method_code: '10' },
    },
  },
  {
    name: 'mixed IVA 0/5/19 and INC 2/4/8/16',
    request: {
      customer: nitBuyer,
      lines: [
        line(1, [{ code: '01', rate: 0 }], '3.5', '1234.56'),
        line(2, [{ code: '01', rate: 5 }], '0.333333', 999.99),
        line(3, [{ code: '01', rate: 19 }], 7, '0.01'),
        line(4, [{ code: '04', rate: 2 }], 1, 350000000),
        line(5, [{ code: '04', rate: 4 }], '12.125', 45.5),
        line(6, [{ code: '04', rate: 8 }], 2, 25000.5),
        line(7, [{ code: '04', rate: 16 }], 1, 180000000),
        line(
          8,
          [
            { code: '01', rate: 19 },
            { code: '04', rate: 8 },
          ],
          '1.000001',
          19999.99,
        ),
        line(9, [{ code: '01', rate: 19 }], '2.5', 1999.99),
      ],
      payment: { method_code: '48' },
    },
  },
  {
    name: 'lines without taxes',
    request: {
      customer: nitBuyer,
      lines: [line(1, []), line(2, [], 4, '12.34'), line(3, [{ code: '01', rate: 19 }])],
      payment: { method_code: '10' },
    },
  },
  {
    name: '500 lines',
    request: {
      customer: nitBuyer,
      lines: Array.from({ length: 500 }, (_, i) =>
        line(
          i + 1,
          i % 3 === 0 ? [] : [{ code: i % 2 ? '01' : '04', rate: i % 2 ? 19 : 8 }],
          `${(i % 7) + 1}.${String(i % 1000).padStart(3, '0')}`,
          `${i * 37 + 1}.${String(i % 100).padStart(2, '0')}`,
        ),
      ),
      payment: { method_code: '31' },
    },
  },
  {
    name: 'credit payment with due date',
    request: {
      customer: nitBuyer,
      lines: [line(1, [{ code: '01', rate: 19 }])],
      payment: { method_code: '31', due_date: '2030-01-15' },
    },
  },
  {
    name: 'NIT buyer with DV, address and email',
    request: {
      customer: {
        document_type: '31',
        document_number: '860034313-7',
        name: 'Banco de Ejemplo',
        email: 'fe@banco.example',
        address: { line: 'Cra 7 # 1-1', city_code: '05001' },
        tax_level_codes: ['O-13', 'O-23'],
      },
      lines: [line(1, [{ code: '01', rate: 19 }])],
      payment: { method_code: '42' },
    },
  },
  {
    name: 'CC buyer',
    request: {
      customer: { document_type: '13', document_number: '1020304050', name: 'Persona Natural' },
      lines: [line(1, [{ code: '01', rate: 5 }])],
      payment: { method_code: '10' },
    },
  },
  {
    name: 'CE buyer',
    request: {
      customer: {
        document_type: '22',
        document_number: '4567890',
        name: 'Persona Extranjera',
        email: 'ce@example.com',
      },
      lines: [line(1, [])],
      payment: { method_code: '49' },
    },
  },
  {
    name: 'names with &, <, quotes, accents and emoji',
    request: {
      customer: {
        document_type: '31',
        document_number: '900373115',
        name: 'Peña & Núñez <Ltda> "Año" \'Ñandú\' 😀 café',
      },
      lines: [{ ...line(1, [{ code: '01', rate: 19 }]), name: 'Piñata > 5 años & "más" <b>🎉</b> \u00e9\u0301' }],
      payment: { method_code: '10' },
      notes: 'Línea 1\nLínea 2 & <3 "ok"\tfin',
    },
  },
  {
    name: 'escaping and Unicode in every field',
    request: {
      customer: {
        document_type: '31',
        document_number: '900108281',
        name: 'Señor "Ñandú" & <Hijos> S.A.S. 🚀',
        email: "o'brien@cliente.example",
      },
      lines: [
        {
          code: 'A&B<1>',
          name: 'Café "especial" & té <orgánico> \'añejo\' ☕😀 > ]]>',
          quantity: 1,
          unit_price: 1234.5,
          taxes: [{ code: '01', name: 'IVA', rate: 19 }],
        },
      ],
      payment: { method_code: '10' },
      notes: 'Gracias & hasta pronto <3 — ¡Olé! 🇨🇴',
    },
  },
  // What real companies issue.
  {
    name: 'line and invoice discounts and charges',
    request: {
      customer: nitBuyer,
      lines: [
        {
          ...line(1, [{ code: '01', rate: 19 }], 3, 100000),
          allowance_charges: [{ type: 'discount', reason_code: '00', reason: 'Descuento por volumen', percent: 10 }],
        },
        {
          ...line(2, [{ code: '04', rate: 8 }], '2.5', '1999.99'),
          allowance_charges: [
            { type: 'discount', reason_code: '01', reason: 'Pronto pago', amount: '100.5' },
            { type: 'charge', reason: 'Empaque', amount: 250 },
          ],
        },
        {
          ...line(3, [], 1, 5000),
          allowance_charges: [{ type: 'charge', reason: 'Flete', percent: '12.5', base_amount: 4000 }],
        },
      ],
      allowance_charges: [
        { type: 'discount', reason: 'Descuento comercial', percent: 5 },
        { type: 'charge', reason: 'Seguro', amount: 3000, base_amount: 100000 },
      ],
      payment: { method_code: '10' },
    },
  },
  {
    name: 'advances',
    request: {
      customer: nitBuyer,
      lines: [line(1, [{ code: '01', rate: 19 }], 1, 1000000)],
      prepaid_payments: [
        { id: 'RC-101', amount: 300000, received_date: '2026-02-01' },
        { amount: '150000.50', received_date: '2026-03-10' },
      ],
      payment: { method_code: '31', due_date: '2030-04-10' },
    },
  },
  {
    name: 'free sample',
    request: {
      customer: nitBuyer,
      lines: [
        line(1, [{ code: '01', rate: 19 }], 2, 45000),
        {
          ...line(2, [{ code: '01', rate: 19 }], 3, 0),
          name: 'Muestra gratis',
          free_of_charge: { reference_price: '12500.333333' },
        },
        {
          ...line(3, [], 1, 0),
          name: 'Obsequio excluido',
          free_of_charge: { reference_price: 8000, price_type_code: '03' },
        },
      ],
      payment: { method_code: '10' },
    },
  },
  {
    name: 'foreign buyer with a passport and an address abroad',
    request: {
      customer: {
        document_type: '41',
        document_number: 'X1234567',
        name: 'John Smith',
        email: 'john@example.com',
        foreign_address: {
          line: '350 Fifth Avenue',
          city_name: 'New York',
          region: 'NY',
          postal_zone: '10118',
          country_code: 'US',
        },
      },
      lines: [line(1, [{ code: '01', rate: 19 }], 1, 250000)],
      payment: { method_code: '48' },
    },
  },
  {
    name: 'foreign company (NIT de otro país) and a natural person under a NIT',
    request: {
      customer: {
        document_type: '50',
        document_number: 'B12345678',
        name: 'Empresa Española S.L.',
        foreign_address: { line: 'Calle Mayor 1', city_name: 'Madrid', country_code: 'ES' },
      },
      lines: [line(1, [{ code: '01', rate: 0 }], 1, 100000)],
      payment: { method_code: '10' },
    },
  },
  {
    name: 'natural person with a NIT, and unit prices with 6 decimals',
    request: {
      customer: {
        document_type: '31',
        document_number: '900373115',
        person_type: '2',
        name: 'Ana Pérez (persona natural con NIT)',
        tax_level_codes: ['O-47'],
      },
      lines: [
        line(1, [{ code: '01', rate: 19 }], '3.5', '1234.567891'),
        line(2, [{ code: '04', rate: 8 }], 7, '0.000001'),
        line(3, [], '0.333333', '999.999999'),
      ],
      payment: { method_code: '10' },
    },
  },
  {
    name: 'export in US dollars (type 02, FOB) to a company abroad',
    request: {
      customer: {
        document_type: '50',
        document_number: 'US123456789',
        name: 'Importadora Gringa Inc.',
        foreign_address: { line: '1 Harbor Way', city_name: 'Miami', region: 'FL', country_code: 'US' },
      },
      lines: [
        line(1, [{ code: '01', rate: 0 }], 120, '12.75'),
        { ...line(2, [], 3, '1499.99'), allowance_charges: [{ type: 'discount', reason: 'Volumen', percent: 5 }] },
      ],
      payment: { method_code: '30', due_date: '2030-04-09' },
      currency: { code: 'USD', exchange_rate: '3912.45', rate_date: '2026-03-09' },
      export: { incoterm: 'FOB', special_terms: 'Puerto de Cartagena' },
    },
  },
  {
    name: 'US dollars to a buyer at home (type 01)',
    request: {
      customer: nitBuyer,
      lines: [line(1, [{ code: '01', rate: 19 }], 2, '350.5')],
      payment: { method_code: '10' },
      currency: { code: 'USD', exchange_rate: 4005.1234, rate_date: '2026-03-10' },
      withholdings: [{ code: '06', rate: 2.5 }],
    },
  },
  ...(['11', '12', '21', '42', '47', '48'] as const).map((documentType) => ({
    name: `buyer with identification type ${documentType}`,
    request: {
      customer: {
        document_type: documentType,
        document_number: documentType === '42' ? 'AB123456' : '1234567890',
        name: `Comprador ${documentType}`,
      },
      lines: [line(1, [{ code: '01', rate: 5 }])],
      payment: { method_code: '10' },
    },
  })),
  {
    name: 'AIU contract (09): IVA on the profit only',
    request: {
      customer: nitBuyer,
      lines: [line(1, [], 1, 80000000), line(2, [], '2.5', 4000000)],
      payment: { method_code: '10' },
      aiu: {
        contract_object: 'Construcción de la bodega de la calle 80',
        administration: { percent: 10 },
        unforeseen: { percent: '2.5' },
        profit: { amount: 4500000 },
      },
    },
  },
  {
    name: 'mandate (11): lines of two principals and one of the seller',
    request: {
      customer: nitBuyer,
      lines: [
        {
          ...line(1, [{ code: '01', rate: 19 }], 2, 50000),
          principal: { document_type: '31', document_number: '800197268', check_digit: '4', name: 'Mandante S.A.S.' },
        },
        {
          ...line(2, [], 1, 120000),
          principal: { document_type: '13', document_number: '1020304050', name: 'Ana Mandante' },
        },
        line(3, [{ code: '01', rate: 19 }], 1, 15000),
      ],
      payment: { method_code: '10' },
    },
  },
];

export const CASE_ISSUED_AT = new Date('2026-03-10T15:15:00Z'); // 10:15:00-05:00

/** Builds a case for the demo tenant; signer tests pass an instant inside their certificates' validity. */
export function buildCase(request: InvoiceRequestInput, number = '990000001', issuedAt = CASE_ISSUED_AT): BuiltInvoice {
  const validated = validateInvoiceRequest(request, { issueDate: colombiaDateTime(issuedAt).date });
  if (!validated.ok) throw new Error(`fixture is invalid: ${JSON.stringify(validated.error)}`);
  return buildInvoiceXml({
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number,
    software: demoSoftware,
    environment: '2',
    issuedAt,
  });
}

import { describe, expect, it } from 'vitest';
import { checkInvoiceRequest, parseInvoiceRequest, validateInvoiceRequest } from './validate-request.ts';

const valid = () =>
  ({
    customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
    lines: [
      { code: 'A1', name: 'Producto', quantity: 2, unit_price: 50000, taxes: [{ code: '01', name: 'IVA', rate: 19 }] },
    ],
    payment: { method_code: '10' },
  }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const run = (body: unknown) => validateInvoiceRequest(body, { issueDate: '2026-03-10' });

type Case = [name: string, mutate: (b: ReturnType<typeof valid>) => unknown, paths: string[]];

describe('VALIDATION_ERROR names every faulty field', () => {
  it.each<Case>([
    ['body is not an object', () => 'x', ['']],
    ['missing customer', (b) => ({ ...b, customer: undefined }), ['customer']],
    ['missing lines and payment', (b) => ({ customer: b.customer }), ['lines', 'payment']],
    ['no lines', (b) => ({ ...b, lines: [] }), ['lines']],
    ['501 lines', (b) => ({ ...b, lines: Array(501).fill(b.lines[0]) }), ['lines']],
    ['quantity 0', (b) => ((b.lines[0].quantity = 0), b), ['lines.0.quantity']],
    ['quantity with 7 decimals', (b) => ((b.lines[0].quantity = '1.0000001'), b), ['lines.0.quantity']],
    ['quantity as a float with 7 decimals', (b) => ((b.lines[0].quantity = 1.0000001), b), ['lines.0.quantity']],
    ['unit_price with 7 decimals', (b) => ((b.lines[0].unit_price = '10.0000005'), b), ['lines.0.unit_price']],
    ['negative unit_price', (b) => ((b.lines[0].unit_price = -1), b), ['lines.0.unit_price']],
    [
      'unit_price over 15 significant digits',
      (b) => ((b.lines[0].unit_price = '1234567890123456'), b),
      ['lines.0.unit_price'],
    ],
    ['unit_price not a number', (b) => ((b.lines[0].unit_price = 'diez'), b), ['lines.0.unit_price']],
    [
      'tax code 05 (ReteIVA, a withholding) not accepted on a line',
      (b) => ((b.lines[0].taxes[0].code = '05'), b),
      ['lines.0.taxes.0.code'],
    ],
    [
      'a percentage tax without its rate',
      (b) => ((b.lines[0].taxes = [{ code: '35', name: 'ICUI' }]), b),
      ['lines.0.taxes.0.rate'],
    ],
    [
      'a per-unit tax without its amount, and with a rate',
      (b) => ((b.lines[0].taxes = [{ code: '22', name: 'Bolsas', rate: 19 }]), b),
      ['lines.0.taxes.0.per_unit_amount', 'lines.0.taxes.0.rate'],
    ],
    [
      'per-unit fields on a percentage tax',
      (b) => ((b.lines[0].taxes[0].per_unit_amount = 66), b),
      ['lines.0.taxes.0.per_unit_amount'],
    ],
    [
      'a per-unit tax on a fraction of a unit (BaseUnitMeasure must be whole)',
      (b) => (
        (b.lines[0].quantity = 1.5),
        (b.lines[0].taxes = [{ code: '22', name: 'Bolsa', per_unit_amount: 66 }]),
        b
      ),
      ['lines.0.taxes.0.units_per_item'],
    ],
    [
      'two entries for one tax code',
      (b) => (b.lines[0].taxes.push({ code: '01', name: 'IVA', rate: 5 }), b),
      ['lines.0.taxes'],
    ],
    ['unknown document type', (b) => ((b.customer.document_type = '91'), b), ['customer.document_type']],
    ['blank name', (b) => ((b.customer.name = '   '), b), ['customer.name']],
    ['name of zero-width spaces only', (b) => ((b.customer.name = '\u200b\u200b'), b), ['customer.name']],
    [
      'name of invisible characters only',
      (b) => ((b.customer.name = '\u2060\u3164\u00a0\u0301'), b),
      ['customer.name'],
    ],
    ['line name of a zero-width joiner only', (b) => ((b.lines[0].name = '\u200d'), b), ['lines.0.name']],
    ['name with a control character', (b) => ((b.customer.name = 'A\u0007B'), b), ['customer.name']],
    [
      "name with a lone surrogate (the review's case)",
      (b) => ((b.customer.name = 'Cliente \ud800'), b),
      ['customer.name'],
    ],
    ['line name with a lone low surrogate', (b) => ((b.lines[0].name = '\udc00 tornillo'), b), ['lines.0.name']],
    ['notes with U+FFFE', (b) => ({ ...b, notes: 'nota \ufffe' }), ['notes']],
    [
      'address line with U+FFFF',
      (b) => ((b.customer.address = { line: 'Calle 1 \uffff', city_code: '11001' }), b),
      ['customer.address.line'],
    ],
    [
      'document number with a control character',
      (b) => ((b.customer.document_number = '900\u0001108281'), b),
      ['customer.document_number'],
    ],
    ['invalid email', (b) => ((b.customer.email = 'not-an-email'), b), ['customer.email']],
    ['unknown field', (b) => ({ ...b, discount: 5 }), ['discount']],
    ['unknown nested field', (b) => ((b.payment.due_dat = '2026-04-01'), b), ['payment.due_dat']],
    ['payment method not in MediosPago', (b) => ((b.payment.method_code = '999'), b), ['payment.method_code']],
    ['due date before the issue date', (b) => ((b.payment.due_date = '2026-03-09'), b), ['payment.due_date']],
    ['due date not a calendar date', (b) => ((b.payment.due_date = '2026-02-30'), b), ['payment.due_date']],
    [
      'city code not DANE',
      (b) => ((b.customer.address = { line: 'Calle 1', city_code: '99999' }), b),
      ['customer.address.city_code'],
    ],
    ['unit code not in DIAN list', (b) => ((b.lines[0].unit_code = 'XYZ'), b), ['lines.0.unit_code']],
    [
      'CC with letters',
      (b) => ((b.customer = { ...b.customer, document_type: '13', document_number: 'AB123' }), b),
      ['customer.document_number'],
    ],
    [
      'check digit on a CC',
      (b) => (
        (b.customer = { ...b.customer, document_type: '13', document_number: '1020304050', check_digit: '1' }),
        b
      ),
      ['customer.check_digit'],
    ],
    ['prefix with a hyphen', (b) => ({ ...b, prefix: 'SE-T' }), ['prefix']],
    [
      'several faults at once',
      (b) => ((b.lines[0].quantity = -1), (b.lines[0].name = ''), (b.payment.method_code = 5), b),
      ['lines.0.quantity', 'lines.0.name', 'payment.method_code'],
    ],
  ])('%s', (_name, mutate, paths) => {
    const result = run(mutate(valid()));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('VALIDATION_ERROR');
    for (const path of paths) expect(result.error.details.map((d) => d.path)).toContain(path);
    for (const d of result.error.details) expect(d.message.length).toBeGreaterThan(0);
  });
});

describe('NIT_INVALID', () => {
  it.each<Case>([
    ['wrong DV after a hyphen', (b) => ((b.customer.document_number = '900108281-4'), b), ['customer.document_number']],
    ['wrong check_digit field', (b) => ((b.customer.check_digit = '9'), b), ['customer.document_number']],
    ['letters', (b) => ((b.customer.document_number = '90010828A'), b), ['customer.document_number']],
    ['too short', (b) => ((b.customer.document_number = '12345'), b), ['customer.document_number']],
    ['too long', (b) => ((b.customer.document_number = '12345678901'), b), ['customer.document_number']],
    ['dots', (b) => ((b.customer.document_number = '900.108.281'), b), ['customer.document_number']],
    [
      'only zeros (its DV, 0, checks)',
      (b) => ((b.customer.document_number = '0000000'), b),
      ['customer.document_number'],
    ],
    ['only zeros with DV', (b) => ((b.customer.document_number = '000000000-0'), b), ['customer.document_number']],
  ])('%s', (_name, mutate, paths) => {
    const result = run(mutate(valid()));
    expect(result.ok ? null : result.error.code).toBe('NIT_INVALID');
    if (!result.ok) expect(result.error.details.map((d) => d.path)).toEqual(paths);
  });

  it('accepts a NIT with its right DV, by hyphen or by field', () => {
    const byHyphen = valid();
    byHyphen.customer.document_number = '900108281-3';
    const byField = valid();
    byField.customer.check_digit = '3';
    for (const body of [byHyphen, byField]) {
      const result = run(body);
      expect(result.ok && result.value.customer).toMatchObject({ documentNumber: '900108281', dv: 3 });
    }
  });
});

describe('TAX_RATE_INVALID', () => {
  it.each<Case>([
    ['IVA 16 (transitional, not offered)', (b) => ((b.lines[0].taxes[0].rate = 16), b), ['lines.0.taxes.0.rate']],
    ['IVA 19.5', (b) => ((b.lines[0].taxes[0].rate = 19.5), b), ['lines.0.taxes.0.rate']],
    ['INC 19', (b) => ((b.lines[0].taxes[0] = { code: '04', name: 'INC', rate: 19 }), b), ['lines.0.taxes.0.rate']],
    ['ICUI 12', (b) => ((b.lines[0].taxes[0] = { code: '35', name: 'ICUI', rate: 12 }), b), ['lines.0.taxes.0.rate']],
    [
      'ICA above 100',
      (b) => ((b.lines[0].taxes[0] = { code: '03', name: 'ICA', rate: 100.5 }), b),
      ['lines.0.taxes.0.rate'],
    ],
    [
      'IBUA at a per-millilitre amount of no year',
      (b) => ((b.lines[0].taxes = [{ code: '34', name: 'IBUA', per_unit_amount: 0.5 }]), b),
      ['lines.0.taxes.0.per_unit_amount'],
    ],
    [
      'two faulty rates on two lines',
      (b) => {
        b.lines.push({ ...b.lines[0], taxes: [{ code: '04', name: 'INC', rate: 10 }] });
        b.lines[0].taxes[0].rate = 12;
        return b;
      },
      ['lines.0.taxes.0.rate', 'lines.1.taxes.0.rate'],
    ],
  ])('%s', (_name, mutate, paths) => {
    const result = run(mutate(valid()));
    expect(result.ok ? null : result.error.code).toBe('TAX_RATE_INVALID');
    if (!result.ok) expect(result.error.details.map((d) => d.path)).toEqual(paths);
  });

  it.each([
    ['01', 0],
    ['01', 5],
    ['01', '19.00'],
    ['04', 2],
    ['04', 4],
    ['04', 8],
    ['04', 16],
    ['03', 0.966],
    ['03', '1.104'],
    ['35', 20],
  ] as const)('accepts %s at %s', (code, rate) => {
    const body = valid();
    body.lines[0].taxes = [{ code, name: 'x', rate }];
    expect(run(body).ok).toBe(true);
  });
});

describe('per-unit taxes (INC bolsas, IBUA)', () => {
  it("computes PerUnitAmount × BaseUnitMeasure, the measure quantity × units_per_item in the tax's unit", () => {
    const body = valid();
    body.lines = [
      {
        code: 'B',
        name: 'Bolsa',
        quantity: 3,
        unit_price: 100,
        taxes: [{ code: '22', name: 'x', per_unit_amount: 66 }],
      },
      {
        code: 'G',
        name: 'Gaseosa 400 ml',
        quantity: 24,
        unit_price: 2500,
        taxes: [
          { code: '01', name: 'IVA', rate: 19 },
          { code: '34', name: 'IBUA', per_unit_amount: 0.65, units_per_item: 400 },
        ],
      },
    ];
    const result = run(body);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const totals = result.value.totals;
    // 3 bags × 66.00 = 198.00; 24 × 400 ml = 9600 ml × 0.65 = 6240.00; IVA 19 % of 60000.00 = 11400.00.
    expect(totals.taxTotals.map((t) => [t.code, t.amount])).toEqual([
      ['01', 1140000n],
      ['22', 19800n],
      ['34', 624000n],
    ]);
    expect(totals.lines[1]!.taxes[1]!.perUnit).toEqual({
      amount: { units: 65n, scale: 2 },
      unitCode: 'MLT',
      measure: { units: 9600n, scale: 0 },
    });
    // Both lines are taxed, each base counted once (FAU04): 300.00 + 60000.00.
    expect(totals.taxExclusive).toBe(6030000n);
    expect(totals.byCode).toEqual({ '01': 1140000n, '04': 0n, '03': 0n });
  });
});

describe('LINE_TOTAL_MISMATCH', () => {
  // 2 × 50000 + 19 % = 119000.00
  it.each([118999.99, '119000.01', 0])('declared %s', (total) => {
    const result = run({ ...valid(), total });
    expect(result.ok ? null : result.error.code).toBe('LINE_TOTAL_MISMATCH');
    if (!result.ok) expect(result.error.details.map((d) => d.path)).toEqual(['total']);
  });

  it.each([119000, '119000.00', '119000'])('accepts the right total %j', (total) => {
    expect(run({ ...valid(), total }).ok).toBe(true);
  });
});

describe('precedence', () => {
  it('a shape error wins over a NIT, rate and total error, and names only shape faults', () => {
    const body = valid();
    body.customer.document_number = '900108281-9';
    body.lines[0].taxes[0].rate = 12;
    body.lines[0].quantity = 0;
    const result = run({ ...body, total: 1 });
    expect(result.ok ? null : result.error.code).toBe('VALIDATION_ERROR');
  });

  it('NIT_INVALID wins over TAX_RATE_INVALID, which wins over LINE_TOTAL_MISMATCH', () => {
    const body = valid();
    body.lines[0].taxes[0].rate = 12;
    const code = (b: unknown) => {
      const result = run(b);
      return result.ok ? null : result.error.code;
    };
    expect(code({ ...body, total: 1 })).toBe('TAX_RATE_INVALID');
    body.customer.document_number = '900108281-9';
    expect(code(body)).toBe('NIT_INVALID');
  });
});

describe('normalisation', () => {
  it('applies defaults, NFC-normalises text and keeps decimals exact', () => {
    const body = valid();
    body.customer.name = '  Pen\u0303a  ';
    body.lines[0].quantity = '0.333333';
    body.lines[0].unit_price = 0.1;
    const result = run(body);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.customer.name).toBe('Peña');
    expect(result.value.customer.taxLevelCodes).toEqual(['R-99-PN']);
    expect(result.value.lines[0]!.unitCode).toBe('94');
    expect(result.value.lines[0]!.quantity).toEqual({ units: 333333n, scale: 6 });
    expect(result.value.lines[0]!.unitPrice).toEqual({ units: 1n, scale: 1 });
  });
});

describe('parseInvoiceRequest + checkInvoiceRequest (the schema once, then the domain checks)', () => {
  const bodies: [string, unknown][] = [
    ['valid', valid()],
    ['shape error', { ...valid(), lines: [] }],
    ['wrong NIT check digit', { ...valid(), customer: { ...valid().customer, document_number: '900108282' } }],
    [
      'rate not allowed',
      (() => {
        const b = valid();
        b.lines[0].taxes[0].rate = 7;
        return b;
      })(),
    ],
    ['declared total differs', { ...valid(), total: 1 }],
  ];
  it.each(bodies)('give what validateInvoiceRequest gives: %s', (_, body) => {
    const parsed = parseInvoiceRequest(body);
    const composed = parsed.ok ? checkInvoiceRequest(parsed.value, { issueDate: '2026-03-10' }) : parsed;
    expect(composed).toEqual(run(body));
  });

  it('check gives the same invoice for a request parsed twice (as the signer gets it from the event)', () => {
    const once = parseInvoiceRequest(valid());
    if (!once.ok) throw new Error(once.error.code);
    const twice = parseInvoiceRequest(JSON.parse(JSON.stringify(once.value)));
    if (!twice.ok) throw new Error(twice.error.code);
    expect(checkInvoiceRequest(twice.value, { issueDate: '2026-03-10' })).toEqual(
      checkInvoiceRequest(once.value, { issueDate: '2026-03-10' }),
    );
  });
});

describe('discounts, charges, advances, free items and buyers (issue 18)', () => {
  const code = (b: unknown) => {
    const result = run(b);
    return result.ok ? null : { code: result.error.code, paths: result.error.details.map((d) => d.path) };
  };

  it.each<Case>([
    [
      'percent and amount together',
      (b) => ((b.lines[0].allowance_charges = [{ type: 'discount', reason: 'x', percent: 5, amount: 1 }]), b),
      ['lines.0.allowance_charges.0.percent'],
    ],
    [
      'neither percent nor amount',
      (b) => ({ ...b, allowance_charges: [{ type: 'charge', reason: 'x' }] }),
      ['allowance_charges.0.percent'],
    ],
    [
      'a discount over 100 %',
      (b) => ({ ...b, allowance_charges: [{ type: 'discount', reason: 'x', percent: 100.5 }] }),
      ['allowance_charges.0.percent'],
    ],
    [
      'a reason code on a charge',
      (b) => ({ ...b, allowance_charges: [{ type: 'charge', reason_code: '01', reason: 'x', amount: 1 }] }),
      ['allowance_charges.0.reason_code'],
    ],
    [
      'a reason code outside table 13.3.8',
      (b) => ({ ...b, allowance_charges: [{ type: 'discount', reason_code: '02', reason: 'x', amount: 1 }] }),
      ['allowance_charges.0.reason_code'],
    ],
    [
      'a blank reason',
      (b) => ({ ...b, allowance_charges: [{ type: 'discount', reason: ' ', amount: 1 }] }),
      ['allowance_charges.0.reason'],
    ],
    [
      'an amount of 0',
      (b) => ({ ...b, allowance_charges: [{ type: 'discount', reason: 'x', amount: 0 }] }),
      ['allowance_charges.0.amount'],
    ],
    [
      'a free line with a price',
      (b) => ((b.lines[0].free_of_charge = { reference_price: 100 }), b),
      ['lines.0.unit_price'],
    ],
    [
      'a free line with a discount',
      (b) => (
        Object.assign(b.lines[0], {
          unit_price: 0,
          free_of_charge: { reference_price: 100 },
          allowance_charges: [{ type: 'discount', reason: 'x', percent: 1 }],
        }),
        b
      ),
      ['lines.0.allowance_charges'],
    ],
    [
      'a reference price of 0',
      (b) => (Object.assign(b.lines[0], { unit_price: 0, free_of_charge: { reference_price: 0 } }), b),
      ['lines.0.free_of_charge.reference_price'],
    ],
    [
      'an unknown price type',
      (b) => (
        Object.assign(b.lines[0], { unit_price: 0, free_of_charge: { reference_price: 1, price_type_code: '04' } }),
        b
      ),
      ['lines.0.free_of_charge.price_type_code'],
    ],
    [
      'an advance after the issue date',
      (b) => ({ ...b, prepaid_payments: [{ amount: 1, received_date: '2026-03-11' }] }),
      ['prepaid_payments.0.received_date'],
    ],
    [
      'an advance of 0',
      (b) => ({ ...b, prepaid_payments: [{ amount: 0, received_date: '2026-03-01' }] }),
      ['prepaid_payments.0.amount'],
    ],
    [
      'a foreign address with a DANE code',
      (b) => (
        (b.customer.foreign_address = { line: 'x', city_name: 'Lima', city_code: '11001', country_code: 'PE' }),
        b
      ),
      ['customer.foreign_address.city_code'],
    ],
    [
      'a foreign address without a city',
      (b) => ((b.customer.foreign_address = { line: 'x', country_code: 'PE' }), b),
      ['customer.foreign_address.city_name'],
    ],
    [
      'a foreign address in Colombia',
      (b) => ((b.customer.foreign_address = { line: 'x', city_name: 'Bogotá', country_code: 'CO' }), b),
      ['customer.foreign_address.country_code'],
    ],
    [
      'a Colombian address abroad',
      (b) => ((b.customer.address = { line: 'x', city_code: '11001', country_code: 'PE' }), b),
      ['customer.address.country_code'],
    ],
    [
      'a Colombian address and a foreign one',
      (b) => (
        (b.customer.address = { line: 'x', city_code: '11001' }),
        (b.customer.foreign_address = { line: 'x', city_name: 'Lima', country_code: 'PE' }),
        b
      ),
      ['customer.foreign_address'],
    ],
    [
      "a country outside DIAN's list",
      (b) => ((b.customer.foreign_address = { line: 'x', city_name: 'y', country_code: 'ZZ' }), b),
      ['customer.foreign_address.country_code'],
    ],
    // Currency and export (docs/api.md, "Currency and export").
    [
      "a currency outside DIAN's list",
      (b) => ({ ...b, currency: { code: 'XYZ', exchange_rate: 1, rate_date: '2026-03-10' } }),
      ['currency.code'],
    ],
    [
      'COP named as a currency',
      (b) => ({ ...b, currency: { code: 'COP', exchange_rate: 1, rate_date: '2026-03-10' } }),
      ['currency.code'],
    ],
    [
      'an exchange rate of 0',
      (b) => ({ ...b, currency: { code: 'USD', exchange_rate: 0, rate_date: '2026-03-11' } }),
      ['currency.exchange_rate'],
    ],
    [
      'an exchange rate with 5 decimals',
      (b) => ({ ...b, currency: { code: 'EUR', exchange_rate: '4300.12345', rate_date: '2026-03-11' } }),
      ['currency.exchange_rate'],
    ],
    [
      'a rate dated after the issue date',
      (b) => ({ ...b, currency: { code: 'EUR', exchange_rate: '4300.1234', rate_date: '2026-03-11' } }),
      ['currency.rate_date'],
    ],
    [
      "an export to a buyer at home, by an Incoterm outside DIAN's list",
      (b) => ({ ...b, export: { incoterm: 'DPU' } }),
      ['customer.foreign_address', 'export.incoterm'],
    ],
    [
      'an export transcribed from paper',
      (b) => (
        (b.customer.foreign_address = { line: 'x', city_name: 'Lima', country_code: 'PE' }),
        { ...b, export: { incoterm: 'FOB' }, paper_document: { number: 'P-1', issue_date: '2026-03-09' } }
      ),
      ['export'],
    ],
    ['an unknown field in export', (b) => ({ ...b, export: { incoterm: 'FOB', port: 'x' } }), ['export.port']],
    [
      'a persona jurídica with a passport',
      (b) => ((b.customer = { ...b.customer, document_type: '41', document_number: 'X123', person_type: '1' }), b),
      ['customer.person_type'],
    ],
    [
      'a passport with a hyphen',
      (b) => ((b.customer = { ...b.customer, document_type: '41', document_number: 'X-123' }), b),
      ['customer.document_number'],
    ],
    [
      'a tarjeta de identidad with letters',
      (b) => ((b.customer = { ...b.customer, document_type: '12', document_number: 'X123' }), b),
      ['customer.document_number'],
    ],
  ])('VALIDATION_ERROR: %s', (_name, mutate, paths) => {
    expect(code(mutate(valid()))).toEqual({ code: 'VALIDATION_ERROR', paths: expect.arrayContaining(paths) });
  });

  it.each<Case>([
    [
      "a line's discounts above the line",
      (b) => ((b.lines[0].allowance_charges = [{ type: 'discount', reason: 'x', amount: '100000.01' }]), b),
      ['lines.0.allowance_charges'],
    ],
    [
      'two discounts of 60 % on one line',
      (b) => (
        (b.lines[0].allowance_charges = [
          { type: 'discount', reason: 'x', percent: 60 },
          { type: 'discount', reason: 'y', percent: 60 },
        ]),
        b
      ),
      ['lines.0.allowance_charges'],
    ],
    [
      'an amount with a default base of 0',
      (b) => (
        Object.assign(b.lines[0], { unit_price: 0, allowance_charges: [{ type: 'charge', reason: 'x', amount: 5 }] }),
        b
      ),
      ['lines.0.allowance_charges.0.base_amount'],
    ],
    [
      "the invoice's discounts above its payable amount",
      (b) => ({ ...b, allowance_charges: [{ type: 'discount', reason: 'x', amount: '119000.01' }] }),
      ['allowance_charges'],
    ],
    // 10^24 pesos: xmllint refused the XSD's decimals (DIAN's ZB01), so ingress refuses it first.
    [
      'a line of 15-digit quantity × 15-digit price',
      (b) => (Object.assign(b.lines[0], { quantity: '999999999999999', unit_price: '999999999999999' }), b),
      ['lines.0'],
    ],
    [
      'an invoice total past 15 integer digits',
      (b) => (
        (b.lines = [0, 1].map(() => ({ ...b.lines[0], quantity: 1, unit_price: '999999999999999', taxes: [] }))),
        b
      ),
      ['lines'],
    ],
    [
      'advances above the payable amount',
      (b) => ({
        ...b,
        prepaid_payments: [
          { amount: 100000, received_date: '2026-03-01' },
          { amount: '19000.01', received_date: '2026-03-10' },
        ],
      }),
      ['prepaid_payments'],
    ],
  ])('AMOUNTS_INCONSISTENT: %s', (_name, mutate, paths) => {
    expect(code(mutate(valid()))).toEqual({ code: 'AMOUNTS_INCONSISTENT', paths });
  });

  it('a line discount lowers the line and its tax; an invoice discount lowers only the payable amount; advances are recorded, not subtracted', () => {
    const body = valid(); // 2 × 50000 at 19 %
    body.lines[0].allowance_charges = [
      { type: 'discount', reason: 'Volumen', percent: 10 },
      { type: 'charge', reason: 'Empaque', amount: 500 },
    ];
    const result = run({
      ...body,
      allowance_charges: [{ type: 'discount', reason: 'Pronto pago', amount: 1000 }],
      prepaid_payments: [{ amount: 50000, received_date: '2026-03-01' }],
      total: '106695.00',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const t = result.value.totals;
    // 100000 − 10000 + 500 = 90500.00; IVA 17195.00; 107695.00 − 1000.00 = 106695.00
    expect([t.lines[0]!.base, t.lines[0]!.taxTotal, t.taxInclusive, t.allowanceTotal, t.prepaid, t.payable]).toEqual([
      9050000n,
      1719500n,
      10769500n,
      100000n,
      5000000n,
      10669500n,
    ]);
    expect(result.value.lines[0]!.allowanceCharges[0]).toMatchObject({ charge: false, reasonCode: '00' });
  });

  it('a free sample is taxed on quantity × reference price and adds nothing to LineExtensionAmount', () => {
    const body = valid();
    // 2 × 10000.50 = 20001.00 at 19 %
    Object.assign(body.lines[0], { unit_price: 0, free_of_charge: { reference_price: '10000.5' } });
    const result = run(body);
    expect(
      result.ok && [
        result.value.totals.lineExtension,
        result.value.totals.taxExclusive,
        result.value.totals.byCode['01'],
        result.value.totals.payable,
      ],
    ).toEqual([0n, 2000100n, 380019n, 380019n]);
    expect(result.ok && result.value.lines[0]!.freeOfCharge?.priceTypeCode).toBe('01');
  });

  it.each([
    ['11', '1234567'],
    ['12', '1234567'],
    ['21', '1234567'],
    ['41', 'AB123456'],
    ['42', 'ID99'],
    ['47', '123456789012345'],
    ['48', '1234567'],
    ['50', 'B12345678'],
  ])('accepts identification type %s', (documentType, documentNumber) => {
    const body = valid();
    body.customer = { ...body.customer, document_type: documentType, document_number: documentNumber };
    const result = run(body);
    expect(result.ok && [result.value.customer.documentType, result.value.customer.personType]).toEqual([
      documentType,
      documentType === '50' ? '1' : '2',
    ]);
  });

  it('takes the person type of a NIT holder from the request, "1" by default', () => {
    const natural = valid();
    natural.customer.person_type = '2';
    expect(
      run(natural).ok && (run(natural) as { value: { customer: { personType: string } } }).value.customer.personType,
    ).toBe('2');
    const result = run(valid());
    expect(result.ok && result.value.customer.personType).toBe('1');
  });

  it('accepts a foreign address, and a unit price with 6 decimals', () => {
    const body = valid();
    body.customer.foreign_address = {
      line: '350 Fifth Avenue',
      city_name: 'New York',
      region: 'NY',
      postal_zone: '10118',
      country_code: 'US',
    };
    body.lines[0].unit_price = '0.123456';
    const result = run(body);
    expect(result.ok && result.value.customer.address).toEqual({
      line: '350 Fifth Avenue',
      countryCode: 'US',
      cityName: 'New York',
      region: 'NY',
      postalZone: '10118',
    });
    expect(result.ok && result.value.lines[0]!.unitPrice).toEqual({ units: 123456n, scale: 6 });
  });
});

describe('currency and export', () => {
  it('keeps the currency, its rate as given and the Incoterm; the amounts stay in that currency', () => {
    const body = {
      ...valid(),
      customer: {
        document_type: '50',
        document_number: 'B123',
        name: 'Buyer Ltd',
        foreign_address: { line: '1 Main St', city_name: 'Toronto', country_code: 'CA' },
      },
      currency: { code: 'USD', exchange_rate: 3912.45, rate_date: '2026-03-10' },
      export: { incoterm: 'CIF' },
    };
    const result = run(body);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.value.currency).toEqual({ code: 'USD', rate: { units: 391245n, scale: 2 }, rateDate: '2026-03-10' });
    expect(result.value.export).toEqual({ incoterm: 'CIF' });
    expect(result.value.totals.payable).toBe(11900000n); // 2 × 50000 + 19 %, in dollars: no conversion
  });

  it('leaves a request without them as it was: no currency, no export', () => {
    const result = run(valid());
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect('currency' in result.value).toBe(false);
    expect('export' in result.value).toBe(false);
  });
});

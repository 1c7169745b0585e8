// Random invoice requests of the contract, as an integrator may send them (fast-check), for the
// property tests across the boundary: ingress's validation → the domain builder → the signer's
// code → the simulator's rules (and, in the integration run, the UBL XSD).
import fc from 'fast-check';
import { formatUnits, nitCheckDigit } from '@fe/dian-domain';
import countries from '../../../packages/dian-domain/src/codelists/countries.json' with { type: 'json' };
import currencies from '../../../packages/dian-domain/src/codelists/currencies.json' with { type: 'json' };
import deliveryTerms from '../../../packages/dian-domain/src/codelists/delivery-terms.json' with { type: 'json' };
import municipalities from '../../../packages/dian-domain/src/codelists/municipalities.json' with { type: 'json' };
import paymentMeans from '../../../packages/dian-domain/src/codelists/payment-means.json' with { type: 'json' };
import units from '../../../packages/dian-domain/src/codelists/units.json' with { type: 'json' };

/** The seed is fixed when CI is set (FC_SEED=<n> replays any seed), random otherwise so local runs keep exploring. */
export const seed =
  process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : process.env.CI ? 20_261_126 : undefined;

export type Body = Record<string, unknown>;

/**
 * A decimal with at most `decimals` decimals and 15 significant digits, as a JSON number or a string; small values most
 * often.
 */
const amount = (decimals: number, maxDigits = 15) =>
  fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: Math.min(6, maxDigits) }) },
        { weight: 1, arbitrary: fc.integer({ min: Math.min(7, maxDigits), max: maxDigits }) },
      ),
      fc.integer({ min: 0, max: decimals }),
      fc.boolean(),
    )
    .chain(([digits, places, asString]) =>
      fc.bigInt({ min: 0n, max: 10n ** BigInt(digits) - 1n }).map((units) => {
        const literal = formatUnits(units, places);
        return asString ? literal : Number(literal);
      }),
    );
const positive = (decimals: number, maxDigits = 15) =>
  amount(decimals, maxDigits).filter((a) => /[1-9]/.test(String(a)));
// Quantities and prices of up to 9 significant digits each (the contract allows 15): their product
// stays mostly within the 15 integer digits an amount may have (larger ones are refused at ingress,
// which the unit tests of validate-request cover).
const quantity = positive(6, 9);
const rate = (values: number[]) =>
  fc
    .constantFrom(...values)
    .chain((r) =>
      Number.isInteger(r) ? fc.constantFrom<number | string>(r, String(r), `${r}.0`, `${r}.00`) : fc.constant(r),
    );
/** Each percentage tax's rates (ICA a municipality's per mil, 3 decimals); each per-unit tax's amounts. */
const taxRates: Record<PercentageCode, number[]> = {
  '01': [0, 5, 19],
  '03': [0.414, 0.69, 0.966, 1.104],
  '04': [2, 4, 8, 16],
  '35': [10, 15, 20],
  '08': [25, 30],
  '20': [1],
  '21': [1, 1.5],
  '26': [0.5],
  '30': [4],
  '36': [10, 21.5],
};
const perUnitAmounts: Record<PerUnitCode, number[]> = {
  '22': [50, 66],
  '34': [0.18, 0.35, 0.38, 0.65],
  '02': [2.5, 285],
  '23': [120.3],
  '24': [1036, 1266.5],
  '25': [1850],
  '32': [439.13],
  '33': [15],
};
type PercentageCode = '01' | '03' | '04' | '35' | '08' | '20' | '21' | '26' | '30' | '36';
type PerUnitCode = '22' | '34' | '02' | '23' | '24' | '25' | '32' | '33';
const isPerUnit = (code: string): code is PerUnitCode => code in perUnitAmounts;
const lineTaxes = fc
  .shuffledSubarray(
    [...(Object.keys(taxRates) as PercentageCode[]), ...(Object.keys(perUnitAmounts) as PerUnitCode[])],
    {
      maxLength: 10,
    },
  )
  .chain((codes) =>
    fc.tuple(
      ...codes.map((code) =>
        isPerUnit(code)
          ? fc.record(
              {
                code: fc.constant(code),
                name: fc.constantFrom('Bolsas', 'IBUA', ''),
                per_unit_amount: fc.constantFrom(...perUnitAmounts[code]),
                units_per_item: fc.integer({ min: 1, max: 2000 }),
                ...(code === '22' || code === '34' ? {} : { unit_code: fc.constantFrom('94', 'GLL', 'LTR', 'KGM') }),
              },
              { requiredKeys: ['code', 'name', 'per_unit_amount'] },
            )
          : fc.record({
              code: fc.constant(code),
              name: fc.constantFrom('IVA', 'INC', 'Impuesto', ''),
              rate: rate(taxRates[code]),
            }),
      ),
    ),
  );
/** A per-unit tax counts whole units (BaseUnitMeasure): its line's quantity is then a whole number. */
const wholeWithPerUnit = <L extends { quantity: number | string; taxes: readonly object[] }>(line: L): L =>
  line.taxes.some((t) => 'per_unit_amount' in t)
    ? { ...line, quantity: Math.max(1, Math.round(Number(line.quantity))) }
    : line;
const text = (max: number) =>
  fc
    .string({ unit: fc.constantFrom(...'aZ09 -ñÑáéÍóúü&<>"\'.,#/😀'.split(/(?:)/u)), minLength: 1, maxLength: max })
    .filter((s) => s.trim().length > 0);
// The codes of DIAN's unit list that the contract's pattern lets through.
const unitCodes = Object.keys(units).filter((code) => /^[A-Z0-9]{1,3}$/.test(code));

/**
 * Discounts and charges. A discount is a percentage of at most 100 of its default base, or an
 * amount; an amount may exceed what it discounts, and ingress then answers AMOUNTS_INCONSISTENT.
 */
const percent = fc
  .integer({ min: 1, max: 10_000 })
  .chain((hundredths) =>
    fc.constantFrom<number | string>(Number(formatUnits(BigInt(hundredths), 2)), formatUnits(BigInt(hundredths), 2)),
  );
const allowanceCharge = fc
  .record({
    type: fc.constantFrom('discount', 'charge'),
    reason: text(30),
    how: fc.oneof(
      { weight: 8, arbitrary: percent.map((p) => ({ percent: p })) },
      { weight: 1, arbitrary: positive(2, 4).map((a) => ({ amount: a })) },
      {
        weight: 1,
        arbitrary: fc.tuple(percent, positive(2, 9)).map(([p, base]) => ({ percent: p, base_amount: base })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(positive(2, 4), positive(2, 9)).map(([a, base]) => ({ amount: a, base_amount: base })),
      },
    ),
    reason_code: fc.option(fc.constantFrom('00', '01'), { nil: undefined }),
  })
  .map(({ type, reason, how, reason_code }) =>
    withoutUndefined({ type, reason, ...how, reason_code: type === 'discount' ? reason_code : undefined }),
  );

const paidLine = fc
  .record(
    {
      code: text(12),
      name: text(40),
      quantity,
      unit_price: amount(6, 9),
      unit_code: fc.constantFrom(...unitCodes),
      taxes: lineTaxes,
      allowance_charges: fc.array(allowanceCharge, { maxLength: 2 }),
    },
    { requiredKeys: ['code', 'name', 'quantity', 'unit_price', 'taxes'] },
  )
  .map(wholeWithPerUnit);
const freeLine = fc
  .record({
    code: text(12),
    name: text(40),
    quantity,
    unit_price: fc.constantFrom<number | string>(0, '0', '0.00'),
    taxes: lineTaxes,
    free_of_charge: fc.record(
      { reference_price: positive(6, 12), price_type_code: fc.constantFrom('01', '02', '03') },
      { requiredKeys: ['reference_price'] },
    ),
  })
  .map(wholeWithPerUnit);
const line = fc.oneof({ weight: 5, arbitrary: paidLine }, { weight: 1, arbitrary: freeLine });
/** Hundreds of lines of the same few cents at one rate, where per-line rounding drifts the same way every time. */
const centLines = fc
  .record({
    r: rate([5, 19]),
    n: fc.integer({ min: 300, max: 500 }),
    cents: fc.integer({ min: 1, max: 99 }),
    name: text(20),
  })
  .map(({ r, n, cents, name }) =>
    Array.from({ length: n }, (_, i) => ({
      code: `P-${i + 1}`,
      name,
      quantity: 1,
      unit_price: formatUnits(BigInt(cents), 2),
      taxes: [{ code: '01' as const, name: 'IVA', rate: r }],
    })),
  );
const lines = fc.oneof(
  { weight: 6, arbitrary: fc.array(line, { minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.array(line, { minLength: 100, maxLength: 500 }) },
  { weight: 2, arbitrary: centLines },
);

const nit = fc.integer({ min: 800_000_000, max: 999_999_999 }).map(String);
const foreignCountries = Object.keys(countries).filter((code) => code !== 'CO');
const colombianAddress = fc.record({ line: text(60), city_code: fc.constantFrom(...Object.keys(municipalities)) });
const foreignAddress = fc.record(
  {
    line: text(60),
    city_name: text(30),
    region: text(20),
    postal_zone: fc.stringMatching(/^[A-Z0-9]{3,10}$/),
    country_code: fc.constantFrom(...foreignCountries),
  },
  { requiredKeys: ['line', 'city_name', 'country_code'] },
);
const customer = fc
  .record({
    identity: fc.oneof(
      nit.chain((n) =>
        fc.constantFrom(
          { document_type: '31', document_number: n },
          { document_type: '31', document_number: `${n}-${nitCheckDigit(n)}` },
          { document_type: '31', document_number: n, check_digit: String(nitCheckDigit(n)) },
          { document_type: '31', document_number: n, person_type: '2' },
          { document_type: '31', document_number: n, person_type: '1' },
        ),
      ),
      fc.record({
        document_type: fc.constantFrom('11', '12', '13', '21', '22', '47', '48'),
        document_number: fc.stringMatching(/^\d{3,15}$/),
      }),
      fc.record({
        document_type: fc.constantFrom('41', '42', '50'),
        document_number: fc.stringMatching(/^[A-Za-z0-9]{3,20}$/),
      }),
    ),
    name: text(60),
    email: fc.option(fc.constantFrom('compras@cliente.example', "o'brien@cliente.example"), { nil: undefined }),
    address: fc.option(
      fc.oneof(
        colombianAddress.map((address) => ({ address })),
        foreignAddress.map((foreign_address) => ({ foreign_address })),
      ),
      { nil: undefined },
    ),
    tax_level_codes: fc.option(fc.subarray(['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'], { minLength: 1 }), {
      nil: undefined,
    }),
  })
  .map(({ identity: id, address, ...rest }) => withoutUndefined({ ...id, ...address, ...rest }));

/**
 * The operation (annex TipoOperacionF): mostly a standard sale; a mandate gives every other line a principal (a NIT
 * with its DV, or a cédula); an AIU contract strips the lines' taxes and adds A, I and U as percentages or amounts.
 */
const principal = fc.oneof(
  nit.map((n) => ({
    document_type: '31',
    document_number: n,
    check_digit: String(nitCheckDigit(n)),
    name: 'Mandante',
  })),
  fc.stringMatching(/^\d{3,15}$/).map((n) => ({ document_type: '13', document_number: n, name: 'Mandante natural' })),
);
const aiuPart = fc.oneof(
  percent.map((p) => ({ percent: p })),
  positive(2, 9).map((a) => ({ amount: a })),
);
const aiu = fc.record(
  {
    contract_object: text(60),
    administration: aiuPart,
    unforeseen: aiuPart,
    profit: aiuPart,
    profit_iva_rate: rate([5, 19]),
  },
  { requiredKeys: ['contract_object', 'administration', 'unforeseen', 'profit'] },
);
type Operation = { principal: object } | { aiu: object } | undefined;
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: principal.map((p) => ({ principal: p })) },
  { weight: 1, arbitrary: aiu.map((a) => ({ aiu: a })) },
);
function withOperation<B extends { lines: object[] }>(body: B, op: Operation): B {
  if (op === undefined) return body;
  if ('principal' in op)
    return { ...body, lines: body.lines.map((l, i) => (i % 2 === 0 ? { ...l, principal: op.principal } : l)) };
  return { ...body, lines: body.lines.map((l) => ({ ...l, taxes: [] })), aiu: op.aiu };
}

/** The largest amount of 15 significant digits with 2 decimals, in cents. */
const MAX_AMOUNT_CENTS = 10n ** 15n - 1n;

/**
 * Requests; advances are drawn as shares of the payable amount `payableOf` computes (ingress's own
 * arithmetic, used here only to size them), so that most requests are valid.
 */
export function requests(issuedAt: Date, payableOf: (body: Body) => bigint | undefined) {
  const isoDay = (min: Date, max: Date) =>
    fc.date({ min, max, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const payment = fc
    .record({
      method_code: fc.constantFrom(...Object.keys(paymentMeans)),
      due_date: fc.option(isoDay(issuedAt, new Date('2028-12-31T00:00:00Z')), { nil: undefined }),
    })
    .map(withoutUndefined);
  const receivedDate = isoDay(
    new Date(issuedAt.getTime() - 365 * 86_400_000),
    new Date(issuedAt.getTime() - 86_400_000),
  );
  // The buyer's withholdings: one per code, a rate with up to 3 decimals (ReteICA's per mil), sometimes a base.
  const withholding = fc
    .record({
      code: fc.constantFrom('05', '06', '07'),
      rate: fc.integer({ min: 1, max: 100_000 }).map((thousandths) => formatUnits(BigInt(thousandths), 3)),
      base: fc.option(
        fc.integer({ min: 1, max: 10_000_000_000 }).map((c) => formatUnits(BigInt(c), 2)),
        { nil: undefined },
      ),
    })
    .map(withoutUndefined);
  // A currency of DIAN's list other than COP, its rate (up to 4 decimals) set on or before the issue date;
  // an export (02) by an Incoterm of DIAN's list, kept only for a buyer abroad.
  const currency = fc.record({
    code: fc.constantFrom(...Object.keys(currencies).filter((code) => code !== 'COP' && /^[A-Z]{3}$/.test(code))),
    exchange_rate: positive(4, 9),
    rate_date: isoDay(new Date(issuedAt.getTime() - 365 * 86_400_000), issuedAt),
  });
  const sale = fc
    .record(
      { incoterm: fc.constantFrom(...Object.keys(deliveryTerms)), special_terms: text(40) },
      { requiredKeys: ['incoterm'] },
    )
    .map(withoutUndefined);
  const base = fc
    .record({
      customer,
      lines,
      payment,
      allowance_charges: fc.option(fc.array(allowanceCharge, { minLength: 1, maxLength: 2 }), { nil: undefined }),
      withholdings: fc.option(fc.uniqueArray(withholding, { minLength: 1, maxLength: 3, selector: (w) => w.code }), {
        nil: undefined,
      }),
      notes: fc.option(text(80), { nil: undefined }),
      currency: fc.option(currency, { nil: undefined, freq: 2 }),
      export: fc.option(sale, { nil: undefined }),
      operation,
    })
    .map(({ operation: op, export: exported, ...body }) =>
      withOperation(
        withoutUndefined({ ...body, export: 'foreign_address' in body.customer ? exported : undefined }),
        op,
      ),
    );
  return base.chain((body) => {
    const payable = payableOf(body);
    if (payable === undefined || payable === 0n) return fc.constant<Body>(body);
    // Up to 3 advances, each a share (in thousandths) of what is payable, together at most all of it.
    const advance = fc
      .record({
        id: fc.option(text(20), { nil: undefined }),
        share: fc.integer({ min: 1, max: 333 }),
        received_date: receivedDate,
      })
      .map(({ id, share, received_date }) => {
        const cents = (payable * BigInt(share)) / 1000n;
        return { id, amount: formatUnits(cents < MAX_AMOUNT_CENTS ? cents : MAX_AMOUNT_CENTS, 2), received_date };
      });
    return fc.option(fc.array(advance, { minLength: 1, maxLength: 3 }), { nil: undefined }).map((advances) => {
      const paid = advances?.filter((a) => /[1-9]/.test(a.amount)).map(withoutUndefined);
      return paid?.length ? { ...body, prepaid_payments: paid } : body;
    });
  });
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

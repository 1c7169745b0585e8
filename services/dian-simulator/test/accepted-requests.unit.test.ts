// Every request ingress's validation accepts becomes a document the simulator's rules accept:
// random requests of the contract (fast-check), validated by ingress's own function, built by the
// domain builder and signed by @fe/xades (the signer's code) with an in-process test certificate, exactly as
// the signer rebuilds and signs them, then put through every rule of validateDocument.
//
// The seed is fixed when CI is set (FC_SEED=<n> replays any seed; fast-check prints the seed and
// the shrunk request of a failure), random otherwise so local runs keep exploring.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildInvoiceXml, colombiaDateTime, demoResolution, demoSoftware, demoTenant, formatUnits, nitCheckDigit, validateInvoiceRequest,
} from '@fe/dian-domain';
import { createXadesSigner, loadP12 } from '@fe/xades';
import municipalities from '../../../packages/dian-domain/src/codelists/municipalities.json' with { type: 'json' };
import paymentMeans from '../../../packages/dian-domain/src/codelists/payment-means.json' with { type: 'json' };
import units from '../../../packages/dian-domain/src/codelists/units.json' with { type: 'json' };
import { makeTestIdentity } from '@fe/xades/testing';
import { createStore, createTrustStore, ephemeralIdentity, simulatorConfig } from '../src/index.ts';
import { validateDocument } from '../src/validate/validate-document.ts';

const seed = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : process.env.CI ? 20_261_126 : undefined;

// keyCertSign: the trust store takes the self-signed certificate as its own CA.
const identity = makeTestIdentity({ organization: demoTenant.legalName, keyUsage: { digitalSignature: true, nonRepudiation: true, keyCertSign: true } });
const issuedAt = new Date('2026-03-10T15:15:00Z'); // inside the certificate's and the demo range's validity
const issueDate = colombiaDateTime(issuedAt).date;
const credential = loadP12(identity.p12, identity.password, issuedAt);
const signer = createXadesSigner(credential);
// The schema (xmllint, an external program) is left to the int tests: this one runs in-process.
const config = simulatorConfig({ identity: ephemeralIdentity(issuedAt), trustedCaPems: [identity.certPem] }, { schemaValidation: 'off' });
const deps = { config, trust: createTrustStore(config.trustedCaPems), store: createStore() };
let nextNumber = 990_000_001;

/** The rules a request breaks once ingress has accepted it and the service has built and signed it. */
function rejectedRules(request: unknown): string[] {
  const validated = validateInvoiceRequest(request, { issueDate });
  if (!validated.ok) throw new Error(`ingress refused the request: ${JSON.stringify(validated.error)}`);
  const built = buildInvoiceXml({
    invoice: validated.value, tenant: demoTenant, resolution: demoResolution, number: String(nextNumber++),
    software: demoSoftware, environment: '2', issuedAt,
  });
  const signed = signer.sign(built.xml, { signingTime: issuedAt });
  const verdict = validateDocument(signed.xml, new Date(issuedAt.getTime() + 60_000), deps);
  return verdict.findings.filter((f) => f.effect === 'R').map((f) => f.code);
}

// ---- requests as an integrator may send them ----

/** A decimal with at most `decimals` decimals and 15 significant digits, as a JSON number or a string; small values most often. */
const amount = (decimals: number) =>
  fc.tuple(
    fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }) }, { weight: 1, arbitrary: fc.integer({ min: 7, max: 15 }) }),
    fc.integer({ min: 0, max: decimals }),
    fc.boolean(),
  ).chain(([digits, places, asString]) =>
    fc.bigInt({ min: 0n, max: 10n ** BigInt(digits) - 1n }).map((units) => {
      const literal = formatUnits(units, places);
      return asString ? literal : Number(literal);
    }));
const quantity = amount(6).filter((q) => /[1-9]/.test(String(q)));
const unitPrice = amount(2);
const rate = (values: number[]) => fc.constantFrom(...values).chain((r) => fc.constantFrom<number | string>(r, String(r), `${r}.0`, `${r}.00`));
const lineTaxes = fc.shuffledSubarray(['01', '04'] as const).chain((codes) =>
  fc.tuple(...codes.map((code) => fc.record({
    code: fc.constant(code),
    name: fc.constantFrom('IVA', 'INC', 'Impuesto', ''),
    rate: rate(code === '01' ? [0, 5, 19] : [2, 4, 8, 16]),
  }))));
const text = (max: number) =>
  fc.string({ unit: fc.constantFrom(...'aZ09 -ñÑáéÍóúü&<>"\'.,#/😀'.split(/(?:)/u)), minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
// The codes of DIAN's unit list that the contract's pattern lets through.
const unitCodes = Object.keys(units).filter((code) => /^[A-Z0-9]{1,3}$/.test(code));
const line = fc.record(
  { code: text(12), name: text(40), quantity, unit_price: unitPrice, unit_code: fc.constantFrom(...unitCodes), taxes: lineTaxes },
  { requiredKeys: ['code', 'name', 'quantity', 'unit_price', 'taxes'] },
);
/**
 * The review's shape: hundreds of lines of the same few cents at one rate, where rounding each
 * line drifts the same way every time (0.03 at 19 % is 0.0057: 0.43 of a cent up per line).
 */
const centLines = fc.record({ r: rate([5, 19]), n: fc.integer({ min: 300, max: 500 }), cents: fc.integer({ min: 1, max: 99 }), name: text(20) })
  .map(({ r, n, cents, name }) => Array.from({ length: n }, (_, i) => ({
    code: `P-${i + 1}`, name, quantity: 1, unit_price: formatUnits(BigInt(cents), 2), taxes: [{ code: '01' as const, name: 'IVA', rate: r }],
  })));
const lines = fc.oneof(
  { weight: 6, arbitrary: fc.array(line, { minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.array(line, { minLength: 100, maxLength: 500 }) },
  { weight: 2, arbitrary: centLines },
);

const nit = fc.integer({ min: 800_000_000, max: 999_999_999 }).map(String);
const customer = fc.record({
  identity: fc.oneof(
    nit.chain((n) => fc.constantFrom(
      { document_type: '31', document_number: n },
      { document_type: '31', document_number: `${n}-${nitCheckDigit(n)}` },
      { document_type: '31', document_number: n, check_digit: String(nitCheckDigit(n)) },
    )),
    fc.record({ document_type: fc.constantFrom('13', '22'), document_number: fc.stringMatching(/^\d{3,15}$/) }),
  ),
  name: text(60),
  email: fc.option(fc.constantFrom('compras@cliente.example', "o'brien@cliente.example"), { nil: undefined }),
  address: fc.option(fc.record({ line: text(60), city_code: fc.constantFrom(...Object.keys(municipalities)) }), { nil: undefined }),
  tax_level_codes: fc.option(fc.subarray(['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'], { minLength: 1 }), { nil: undefined }),
}).map(({ identity: id, ...rest }) => withoutUndefined({ ...id, ...rest }));
const payment = fc.record({
  method_code: fc.constantFrom(...Object.keys(paymentMeans)),
  due_date: fc.option(fc.date({ min: issuedAt, max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: undefined }),
}).map(withoutUndefined);
const request = fc.record({ customer, lines, payment, notes: fc.option(text(80), { nil: undefined }) }).map(withoutUndefined);

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

describe('a request ingress accepts is accepted by the simulator\'s rules', () => {
  it('the review\'s case: 500 lines of 0.03 at 19 % (FAS07 failed: 5.00 against 15.00 × 19 % = 2.85)', () => {
    const review = {
      customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
      lines: Array.from({ length: 500 }, (_, i) => ({ code: `P-${i + 1}`, name: 'Tornillo', quantity: 1, unit_price: 0.03, taxes: [{ code: '01', name: 'IVA', rate: 19 }] })),
      payment: { method_code: '10' },
    };
    expect(rejectedRules(review)).toEqual([]);
  });

  it('random requests of the contract (property)', () => {
    fc.assert(fc.property(request, (body) => {
      expect(rejectedRules(body)).toEqual([]);
    }), { numRuns: 100, ...(seed !== undefined ? { seed } : {}) });
  }, 60_000); // about 2 s alone; room for a machine shared with other test runs
});

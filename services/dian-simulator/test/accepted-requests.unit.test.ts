// Random requests ingress accepts must be documents the simulator accepts; what it must refuse is refused at
// ingress, never by the simulator. The seed is fixed when CI is set (FC_SEED=<n> replays one).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildInvoiceXml,
  colombiaDateTime,
  formatUnits,
  demoResolution,
  demoSoftware,
  demoTenant,
  validateInvoiceRequest,
} from '@fe/dian-domain';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { makeTestIdentity } from '@fe/xades/testing';
import { createStore, createTrustStore, ephemeralIdentity, simulatorConfig } from '../src/index.ts';
import { validateDocument } from '../src/validate/validate-document.ts';
import { requests, seed, type Body } from '../test-support/random-requests.ts';
import { issuerRegistry } from '../src/registry/issuer-registry.ts';

// keyCertSign: the trust store takes the self-signed certificate as its own CA.
const identity = makeTestIdentity({
  organization: demoTenant.legalName,
  keyUsage: { digitalSignature: true, nonRepudiation: true, keyCertSign: true },
});
const issuedAt = new Date('2026-03-10T15:15:00Z'); // inside the certificate's and the demo range's validity
const issueDate = colombiaDateTime(issuedAt).date;
const credential = loadP12(identity.p12, identity.password, issuedAt);
const signer = createXadesSigner(credential);
// DIAN's XSD included: the check runs in this thread.
const config = simulatorConfig(
  { identity: ephemeralIdentity(issuedAt), trustedCaPems: [identity.certPem] },
  { schemaValidation: 'on' },
);
const deps = {
  config,
  trust: createTrustStore(config.trustedCaPems),
  store: createStore(),
  issuers: issuerRegistry(config),
};
let nextNumber = 990_000_001;

/** What became of a request: ingress's refusal code, or the simulator's rejections and the CUFE check. */
function outcome(request: unknown): { refused: string } | { rejected: string[]; cufeMatches: boolean } {
  const validated = validateInvoiceRequest(request, { issueDate });
  if (!validated.ok) return { refused: validated.error.code };
  const built = buildInvoiceXml({
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number: String(nextNumber++),
    software: demoSoftware,
    environment: '2',
    issuedAt,
  });
  const signed = signer.sign(built.xml, { signingTime: issuedAt });
  const verdict = validateDocument(signed.xml, new Date(issuedAt.getTime() + 60_000), deps);
  return {
    rejected: verdict.findings.filter((f) => f.effect === 'R').map((f) => f.code),
    cufeMatches: cufeOfDocument(signed.xml) === built.cufe,
  };
}

/** Annex §1.1 from the document's own strings, with node:crypto (not the domain's cufe()). */
function cufeOfDocument(xml: string): string | undefined {
  const pick = (re: RegExp, from = xml) => re.exec(from)?.[1];
  const totals = xml.slice(xml.indexOf('<cac:LegalMonetaryTotal>'));
  const header = xml.slice(0, xml.indexOf('<cac:LegalMonetaryTotal>'));
  // Document-level TaxTotals sit after the parties; each names its scheme in its first subtotal.
  const headerTaxes = header.slice(header.indexOf('</cac:AccountingCustomerParty>')).split('<cac:TaxTotal>').slice(1);
  const tax = (scheme: string) => {
    const total = headerTaxes.find((t) => new RegExp(`<cac:TaxScheme><cbc:ID>${scheme}</cbc:ID>`).test(t));
    return total ? pick(/^<cbc:TaxAmount[^>]*>([^<]+)</, total) : '0.00';
  };
  const party = (element: string) =>
    pick(new RegExp(`<cac:${element}>[\\s\\S]*?<cac:PartyTaxScheme>[\\s\\S]*?<cbc:CompanyID[^>]*>([^<]+)<`));
  const input = [
    pick(/<cbc:ID>([^<]+)<\/cbc:ID><cbc:UUID/),
    pick(/<cbc:IssueDate>([^<]+)</),
    pick(/<cbc:IssueTime>([^<]+)</),
    pick(/<cbc:LineExtensionAmount[^>]*>([^<]+)</, totals),
    '01',
    tax('01'),
    '04',
    tax('04'),
    '03',
    tax('03'),
    pick(/<cbc:PayableAmount[^>]*>([^<]+)</, totals),
    party('AccountingSupplierParty'),
    party('AccountingCustomerParty'),
    demoResolution.technicalKey,
    pick(/<cbc:ProfileExecutionID>([^<]+)</),
  ];
  if (input.some((part) => part === undefined)) return undefined;
  return createHash('sha384').update(input.join(''), 'utf8').digest('hex');
}

const payableIfValid = (body: Body) => {
  const valid = validateInvoiceRequest(body, { issueDate });
  return valid.ok ? valid.value.totals.payable : undefined;
};

/** A ReteIVA (05) on its default base, the invoice's IVA, where the invoice has none: ingress refuses it. */
const reteIvaWithoutIva = (body: Body) => {
  const asked = (body.withholdings as { code: string; base?: string }[] | undefined) ?? [];
  if (!asked.some((w) => w.code === '05' && w.base === undefined)) return false;
  const plain = validateInvoiceRequest({ ...body, withholdings: undefined }, { issueDate });
  return plain.ok && (plain.value.totals.taxTotals.find((t) => t.code === '01')?.amount ?? 0n) === 0n;
};

/** fast-check's runs of a property: each one checked (a run skipped by `fc.pre` is not counted). */
const acceptedRuns = 150;
const brokenRuns = 100;

describe("a request ingress accepts is accepted by the simulator's rules", () => {
  it("the review's case: 500 lines of 0.03 at 19 % (FAS07 failed: 5.00 against 15.00 × 19 % = 2.85)", () => {
    const review = {
      customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
      lines: Array.from({ length: 500 }, (_, i) => ({
        code: `P-${i + 1}`,
        name: 'Tornillo',
        quantity: 1,
        unit_price: 0.03,
        taxes: [{ code: '01', name: 'IVA', rate: 19 }],
      })),
      payment: { method_code: '10' },
    };
    expect(outcome(review)).toEqual({ rejected: [], cufeMatches: true });
  });

  it('random requests of the contract: accepted with the CUFE recomputed, or refused at ingress for amounts that cannot be (property)', () => {
    const counts = { valid: 0, refusedAmounts: 0, foreignCurrency: 0, exports: 0 };
    fc.assert(
      fc.property(requests(issuedAt, payableIfValid), (body) => {
        const result = outcome(body);
        if ('refused' in result) {
          // The generator lets discount amounts exceed what they discount, and names a ReteIVA without a base on an
          // invoice that may have no IVA; nothing else may be refused.
          expect(result.refused).toBe(reteIvaWithoutIva(body) ? 'VALIDATION_ERROR' : 'AMOUNTS_INCONSISTENT');
          counts.refusedAmounts++;
          return;
        }
        expect(result).toEqual({ rejected: [], cufeMatches: true });
        counts.valid++;
        if (body.currency) counts.foreignCurrency++;
        if (body.export) counts.exports++;
      }),
      { numRuns: acceptedRuns, ...(seed !== undefined ? { seed } : {}) },
    );
    console.info(
      `boundary property: ${counts.valid} accepted by the simulator (${counts.foreignCurrency} in a foreign currency, ${counts.exports} exports), ${counts.refusedAmounts} refused at ingress (AMOUNTS_INCONSISTENT)`,
    );
    // Currencies and exports are among the accepted ones, or the property does not reach them.
    expect(counts.foreignCurrency).toBeGreaterThan(0);
    expect(counts.exports).toBeGreaterThan(0);
    // Every run reached a verdict, and most generated requests made it through, or the property says little.
    expect(counts.valid + counts.refusedAmounts).toBe(acceptedRuns);
    expect(counts.valid).toBeGreaterThan(counts.refusedAmounts);
  }, 120_000); // about 4 s alone; room for a machine shared with other test runs
});

/** One thing broken in an otherwise valid request, and the code ingress must answer with. */
type Breakage = { name: string; code: string; applies: (b: Body) => boolean; break: (b: Body) => void };
const lineOf = (b: Body) => (b.lines as Body[])[0]!;
const payableOf = (b: Body) => {
  const valid = validateInvoiceRequest(b, { issueDate });
  if (!valid.ok) throw new Error('only valid requests are broken');
  return valid.value.totals.payable;
};
const breakages: Breakage[] = [
  // Currency and export.
  {
    name: 'a rate dated after the issue date',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      b.currency = { code: 'USD', exchange_rate: 3912.45, rate_date: '2026-03-11' };
    },
  },
  {
    name: 'pesos named as a foreign currency',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      b.currency = { code: 'COP', exchange_rate: 1, rate_date: '2026-03-10' };
    },
  },
  {
    name: 'an export to a buyer without an address abroad',
    code: 'VALIDATION_ERROR',
    applies: (b) => !('foreign_address' in (b.customer as Body)),
    break: (b) => {
      b.export = { incoterm: 'FOB' };
    },
  },
  {
    name: 'unit price with 7 decimals',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      lineOf(b).unit_price = '1.0000001';
    },
  },
  {
    name: 'a discount with both percent and amount',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      lineOf(b).allowance_charges = [{ type: 'discount', reason: 'x', percent: 5, amount: 1 }];
    },
  },
  {
    name: 'a discount of more than 100 %',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      b.allowance_charges = [{ type: 'discount', reason: 'x', percent: '100.01' }];
    },
  },
  {
    name: 'a reason code on a charge',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      b.allowance_charges = [{ type: 'charge', reason: 'x', reason_code: '00', amount: 1 }];
    },
  },
  {
    name: 'a free line with a price',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      Object.assign(lineOf(b), {
        unit_price: 5,
        free_of_charge: { reference_price: 10 },
        allowance_charges: undefined,
      });
    },
  },
  {
    name: 'a foreign address with a DANE code',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      Object.assign(b.customer as Body, {
        address: undefined,
        foreign_address: { line: 'Main St 1', city_name: 'Quito', city_code: '11001', country_code: 'EC' },
      });
    },
  },
  {
    name: 'a Colombian address abroad',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      Object.assign(b.customer as Body, {
        address: undefined,
        foreign_address: { line: 'Calle 1', city_name: 'Bogotá', country_code: 'CO' },
      });
    },
  },
  {
    name: "a country not in DIAN's list",
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      Object.assign(b.customer as Body, {
        address: undefined,
        foreign_address: { line: 'x', city_name: 'y', country_code: 'XX' },
      });
    },
  },
  {
    name: 'two addresses',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      Object.assign(b.customer as Body, {
        address: { line: 'Calle 1', city_code: '11001' },
        foreign_address: { line: 'x', city_name: 'Lima', country_code: 'PE' },
      });
    },
  },
  {
    name: 'a persona jurídica with a cédula',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      Object.assign(b.customer as Body, {
        document_type: '13',
        document_number: '1020304050',
        check_digit: undefined,
        person_type: '1',
      });
    },
  },
  {
    name: 'a passport number with a hyphen',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      Object.assign(b.customer as Body, {
        document_type: '41',
        document_number: 'AB-123',
        check_digit: undefined,
        person_type: undefined,
      });
    },
  },
  {
    name: 'an advance received after the issue date',
    code: 'VALIDATION_ERROR',
    applies: () => true,
    break: (b) => {
      b.prepaid_payments = [{ amount: 1, received_date: '2026-03-11' }];
    },
  },
  {
    name: 'a line discount above the line',
    code: 'AMOUNTS_INCONSISTENT',
    applies: () => true,
    break: (b) => {
      Object.assign(lineOf(b), {
        quantity: 1,
        unit_price: 1,
        free_of_charge: undefined,
        allowance_charges: [{ type: 'discount', reason: 'x', amount: 2 }],
      });
    },
  },
  {
    name: 'advances above the payable amount',
    code: 'AMOUNTS_INCONSISTENT',
    applies: (b) => payableOf(b) < 10n ** 14n,
    break: (b) => {
      b.prepaid_payments = [{ amount: formatUnits(payableOf(b) + 1n, 2), received_date: '2026-03-01' }];
    },
  },
  {
    name: 'a declared total one cent off',
    code: 'LINE_TOTAL_MISMATCH',
    applies: (b) => payableOf(b) < 10n ** 14n, // 15 significant digits at most
    break: (b) => {
      b.total = formatUnits(payableOf(b) + 1n, 2);
    },
  },
];

describe('a request ingress must refuse is refused there, with its code', () => {
  it('random valid requests with one thing broken (property)', () => {
    const seen = new Set<string>();
    let refused = 0;
    fc.assert(
      fc.property(requests(issuedAt, payableIfValid), fc.constantFrom(...breakages), (body, breakage) => {
        fc.pre(validateInvoiceRequest(body, { issueDate }).ok && breakage.applies(body));
        const broken = structuredClone(body);
        breakage.break(broken);
        const result = outcome(JSON.parse(JSON.stringify(broken)));
        expect(result).toEqual({ refused: breakage.code });
        seen.add(breakage.name);
        refused++;
      }),
      { numRuns: brokenRuns, ...(seed !== undefined ? { seed } : {}) },
    );
    console.info(`boundary property: ${refused} broken requests refused at ingress`);
    expect(refused).toBe(brokenRuns);
    expect(seen.size).toBeGreaterThan(breakages.length / 2);
  }, 120_000);
});

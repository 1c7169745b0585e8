// The text fuzzer of the request contract: the example request with random Unicode in some of its
// text fields, run through the code the service runs for it — ingress's decision (before any
// number is taken), the InvoiceRequested event as the store keeps it (JSON), and the signer.
// Every outcome must be a 4xx answer, or a signed invoice the checkers verify.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errorCatalogue, invoiceRequestedV3, type ErrorCode } from '@fe/contracts';
import { decideRequest, requestedData } from '@fe/ingress';
import { newInvoiceEvent, systemClock } from '@fe/platform';
import { createInProcessSigner, signRequested } from '@fe/signer';
import { ensureDemoTenant, MASTER_KEY_BYTES, SqliteTenantDirectory, type TenantProfile } from '@fe/tenancy';
import fc from 'fast-check';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every text field of the request, as a path from the body: free text first, then coded values. */
const freeTextFields = [
  'customer.name',
  'customer.address.line',
  'lines.0.code',
  'lines.0.name',
  'lines.0.taxes.0.name',
  'lines.1.name',
  'notes',
] as const;
const codedFields = [
  'customer.document_number',
  'customer.check_digit',
  'customer.email',
  'customer.address.city_code',
  'lines.0.unit_code',
  'payment.method_code',
  'payment.due_date',
  'prefix',
] as const;

/** Characters that break XML, JSON, SQLite or canonicalization when mishandled, mixed with plain ones. */
const awkward = [
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ufffe',
  '\uffff',
  '\u0000',
  '\u0007',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '&',
  '<',
  '>',
  '"',
  "'",
  ']]>',
  '&amp;',
  'é',
  'é',
  'ñ',
  '😀',
  '\u200f',
  '\ufeff',
  ' ',
  'a',
  '9',
  '-',
];
const randomText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...awkward), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc
    .tuple(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }), fc.constantFrom(...awkward))
    .map(([a, b]) => a + b),
);

const example = JSON.parse(
  readFileSync(join(resolve(import.meta.dirname, '../../..'), 'examples/invoice-request.json'), 'utf8'),
) as Body;

/** The example request, as the README sends it. */
export const exampleBody = (): Body => structuredClone(example);

// Free text is drawn three times as often: random text rarely makes a valid code, date or email,
// and the signing path is what a refusal cannot exercise.
const field = fc.oneof(
  { arbitrary: fc.constantFrom(...freeTextFields), weight: 3 },
  { arbitrary: fc.constantFrom(...codedFields), weight: 1 },
);

/** The example request with one to three text fields replaced by random text. */
export const fuzzedRequest = fc
  .uniqueArray(fc.tuple(field, randomText), { minLength: 1, maxLength: 3, selector: ([path]) => path })
  .map((changes) => {
    const body = exampleBody();
    for (const [path, value] of changes) setPath(body, path, value);
    return { body, changes };
  });

function setPath(body: Body, path: string, value: string): void {
  const keys = path.split('.');
  let target = body;
  for (const key of keys.slice(0, -1)) target = target[key] ??= {};
  target[keys.at(-1)!] = value;
}

export type FuzzOutcome = { kind: 'refused'; code: ErrorCode; status: number } | { kind: 'signed'; xml: string };

/** The demo tenant in memory, and the one request → outcome function the properties check. */
export async function fuzzPipeline(now = new Date()) {
  const tenants = new SqliteTenantDirectory({
    path: ':memory:',
    masterKey: new Uint8Array(MASTER_KEY_BYTES).fill(7),
    now: () => now,
  });
  const demo = await ensureDemoTenant(tenants, { now });
  const profile = (await tenants.profile('demo')) as TenantProfile;
  const signer = createInProcessSigner();
  let sequence = 0;

  async function run(body: unknown): Promise<FuzzOutcome> {
    const decided = decideRequest(body, profile, now);
    if (!decided.ok)
      return {
        kind: 'refused',
        code: decided.error.code as ErrorCode,
        status: errorCatalogue[decided.error.code as ErrorCode].http,
      };
    const accepted = decided.value;
    const number = (BigInt(accepted.resolution.from) + BigInt(sequence++)).toString();
    const data = requestedData(accepted, profile, number, undefined);
    const meta = {
      tenantId: 'demo',
      invoiceId: `inv-demo-${data.document_id}`,
      correlationId: 'fuzz',
      causationId: 'fuzz',
    };
    // As the event store keeps it and the signer's consumer reads it: JSON, then the contract's schema.
    const recorded = invoiceRequestedV3.parse(
      JSON.parse(JSON.stringify(newInvoiceEvent('InvoiceRequested', data, meta, systemClock))),
    );
    const signed = await signRequested(recorded, { tenants, signer }, 'sha256');
    return { kind: 'signed', xml: signed.xml };
  }

  const technicalKey = profile.resolutions.find((r) => r.id === profile.activeResolutionId)!.technicalKey;
  return { run, caPem: demo.caPem, technicalKey, close: () => tenants.close() };
}

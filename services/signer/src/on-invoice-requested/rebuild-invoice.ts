import type { InvoiceRequestedV3 } from '@fe/contracts';
import {
  buildInvoiceXml,
  checkInvoiceRequest,
  colombiaDateTime,
  INVOICE_BUILD_RULES_WHEN_ABSENT,
  type BuildRules,
  type BuiltInvoice,
  type SalesInvoiceTypeCode,
} from '@fe/dian-domain';
import { knownBuildRules } from '../recorded-build-rules.ts';
import { SignerError } from '../errors.ts';
import type { SigningProfile } from './signing-tenants.ts';

/**
 * The unsigned document exactly as ingress built it (a pure build of the recorded request). A rebuild with
 * another CUFE is never signed: the event or the profile changed under it, and only a person can tell which.
 */
export function rebuildInvoice(data: InvoiceRequestedV3['data'], profile: SigningProfile): BuiltInvoice {
  // With the rules that made the recorded CUFE (an invoice in flight during an upgrade keeps its
  // own). An event without build_rules was written with version 1 or 2: the one whose CUFE is the
  // recorded one is the one (the CUFE is a SHA-384 of the amounts, so no other document passes).
  const candidates =
    data.build_rules === undefined ? INVOICE_BUILD_RULES_WHEN_ABSENT : [knownBuildRules(data.build_rules)];
  const builds = candidates.map((buildRules) => rebuildWith(data, profile, buildRules));
  const matching = builds.find((built) => built.cufe === data.cufe);
  if (matching) return matching;
  throw new SignerError(
    'CUFE_MISMATCH',
    `rebuilt ${builds[0]!.cufe.slice(0, 12)}…, recorded ${data.cufe.slice(0, 12)}…`,
  );
}

function rebuildWith(data: InvoiceRequestedV3['data'], profile: SigningProfile, buildRules: BuildRules): BuiltInvoice {
  const issuedAt = new Date(data.issued_at);
  // The Colombian date, as ingress used it: a due date may not fall before it. The request's shape
  // was checked when the event was parsed (the same contract schema): only the domain checks run.
  const validated = checkInvoiceRequest(data.request, { issueDate: colombiaDateTime(issuedAt).date, buildRules });
  if (!validated.ok) throw new SignerError('REQUEST_INVALID', validated.error.code);

  const resolution = profile.resolutions.find((r) => r.id === data.resolution_id);
  if (!resolution) throw new SignerError('RESOLUTION_UNKNOWN', `resolution_id ${data.resolution_id}`);

  let built: BuiltInvoice;
  try {
    built = buildInvoiceXml({
      invoice: validated.value,
      tenant: profile.tenant,
      resolution,
      number: data.number,
      software: profile.software,
      environment: data.environment, // as recorded: the tenant may have moved to production since
      issuedAt,
      invoiceTypeCode: salesTypeOf(data.invoice_type_code),
    });
  } catch (error) {
    // The builder's RangeError says which invariant broke (a number outside the resolution, a
    // character XML cannot carry, …); its messages name codes and numbers, never customer text.
    if (error instanceof RangeError) throw new SignerError('REBUILD_FAILED', error.message, { cause: error });
    throw error;
  }

  if (built.documentId !== data.document_id) {
    throw new SignerError('DOCUMENT_ID_MISMATCH', `rebuilt ${built.documentId}, recorded ${data.document_id}`);
  }
  return built;
}

/** The recorded type as the builder takes it; a type this product never issues is refused, not rebuilt as 01. */
function salesTypeOf(code: string | undefined): SalesInvoiceTypeCode {
  if (code === undefined || code === '01' || code === '03' || code === '04') return code ?? '01';
  throw new SignerError('REQUEST_INVALID', `invoice_type_code ${code}`);
}

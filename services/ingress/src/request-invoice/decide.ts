import type { InvoiceRequestedV3 } from '@fe/contracts';
import {
  CURRENT_BUILD_RULES,
  checkInvoiceRequest,
  checkNumberInRange,
  colombiaDateTime,
  failure,
  invoiceIdentity,
  money,
  parseInvoiceRequest,
  type NumberingResolution,
  type Result,
  type ValidatedInvoice,
} from '@fe/dian-domain';
import type { TenantProfile } from '@fe/tenancy';

/** A request that may be numbered: validated, with its resolution and the number it asked for. */
export type AcceptedRequest = {
  invoice: ValidatedInvoice;
  request: InvoiceRequestedV3['data']['request'];
  resolution: NumberingResolution;
  explicitNumber: string | undefined;
  issuedAt: Date;
};

/** The pure part of "request an invoice": a request ready for numbering, or the API's error. Nothing reads a store. */
export function decideRequest(body: unknown, profile: TenantProfile, now: Date): Result<AcceptedRequest> {
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000); // the XML carries seconds
  const issueDate = colombiaDateTime(issuedAt).date;
  const parsed = parseInvoiceRequest(body);
  if (!parsed.ok) return parsed;
  const validated = checkInvoiceRequest(parsed.value, { issueDate });
  if (!validated.ok) return validated;
  const invoice = validated.value;

  const resolution =
    invoice.prefix === undefined
      ? profile.resolutions.find((r) => r.id === profile.activeResolutionId)
      : profile.resolutions.find((r) => r.prefix === invoice.prefix);
  if (!resolution) {
    return failure('NUMBER_OUT_OF_RANGE', 'No numbering resolution with that prefix.', [
      { path: 'prefix', message: `known prefixes: ${profile.resolutions.map((r) => r.prefix).join(', ') || '(none)'}` },
    ]);
  }
  const explicitNumber = invoice.number === undefined ? undefined : String(invoice.number);
  if (explicitNumber !== undefined) {
    const inRange = checkNumberInRange(resolution, explicitNumber, issueDate);
    if (!inRange.ok) return inRange;
  } else if (issueDate < resolution.startDate || issueDate > resolution.endDate) {
    return checkNumberInRange(resolution, resolution.from, issueDate) as Result<never>;
  }
  return { ok: true, value: { invoice, request: parsed.value, resolution, explicitNumber, issuedAt } };
}

/**
 * The InvoiceRequested data for one number, its CUFE computed as buildInvoiceXml computes it; the signer refuses a
 * document whose CUFE differs.
 */
export function requestedData(
  accepted: AcceptedRequest,
  profile: TenantProfile,
  number: string,
  idempotencyKey: string | undefined,
  contingency: Pick<InvoiceRequestedV3['data'], 'invoice_type_code' | 'contingency_transmit_by'> = {},
): InvoiceRequestedV3['data'] {
  const built = invoiceIdentity({
    invoice: accepted.invoice,
    tenant: profile.tenant,
    resolution: accepted.resolution,
    number,
    software: profile.software,
    environment: profile.environment,
    issuedAt: accepted.issuedAt,
  });
  return {
    request: accepted.request,
    prefix: accepted.resolution.prefix,
    number: BigInt(number).toString(),
    document_id: built.documentId,
    resolution_id: accepted.resolution.id,
    environment: profile.environment,
    issued_at: built.issuedAt,
    cufe: built.cufe,
    payable_amount: money(accepted.invoice.totals.payable),
    ...(idempotencyKey !== undefined ? { idempotency_key: idempotencyKey } : {}),
    // checkInvoiceRequest computed the CUFE's amounts with today's rules; the signer rebuilds with these.
    build_rules: CURRENT_BUILD_RULES,
    ...contingency,
  };
}

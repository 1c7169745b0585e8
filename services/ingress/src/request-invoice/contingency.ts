import type { InvoiceRequestedV3 } from '@fe/contracts';
import { contingencyOf, type TenantProfile } from '@fe/tenancy';

const HOUR_MS = 3_600_000;

/**
 * The contingency fields of an invoice issued now (docs/contingency.md): type 03 for a sale documented on paper;
 * nothing for an export (type 02 by its request); type 04 and its deadline while the tenant's setting is `on`, or
 * `automatic` with DIAN down; nothing (an ordinary sale) otherwise.
 */
export function contingencyFields(
  request: Pick<InvoiceRequestedV3['data']['request'], 'paper_document' | 'export'>,
  profile: TenantProfile,
  dianDown: boolean,
  issuedAt: Date,
  windowHours: number,
): Pick<InvoiceRequestedV3['data'], 'invoice_type_code' | 'contingency_transmit_by'> {
  // A sale documented on paper is the seller's contingency (type 03), whatever DIAN does.
  if (request.paper_document) return { invoice_type_code: '03' };
  // An export is type 02 and waits for DIAN: a type 04 cannot also be one (docs/choices.md, "Export").
  if (request.export) return {};
  const setting = contingencyOf(profile);
  if (setting === 'off' || (setting === 'automatic' && !dianDown)) return {};
  const transmitBy = new Date(issuedAt.getTime() + windowHours * HOUR_MS);
  return { invoice_type_code: '04', contingency_transmit_by: transmitBy.toISOString() };
}

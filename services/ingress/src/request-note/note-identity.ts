import type { CreditNoteRequest, DebitNoteRequest, InvoiceRequest, InvoiceRequestedV3, NoteKind } from '@fe/contracts';
import {
  CURRENT_BUILD_RULES,
  checkInvoiceRequest,
  checkNoteDocument,
  INVOICE_BUILD_RULES_WHEN_ABSENT,
  isKnownBuildRules,
  money,
  noteIdentity as identifyNote,
  type BuildRules,
  type NoteContent,
  type NoteIdentity,
  type Result,
  type ValidatedNote,
} from '@fe/dian-domain';
import type { TenantProfile } from '@fe/tenancy';
import type { InvoiceLedger } from './ledger.ts';

/** What a note's document says beside its lines: the invoice it names (or the period), the buyer, the payment. */
export type NoteParts = Pick<NoteContent, 'referenced_invoice' | 'invoice_period' | 'customer' | 'payment'>;

/** A note on an invoice issued here: its BillingReference and parties from the invoice's first event. */
export function invoicePartsOf(ledger: InvoiceLedger): NoteParts {
  const invoice = ledger.requested.data;
  return {
    referenced_invoice: {
      invoice_id: ledger.invoiceId,
      document_id: invoice.document_id,
      cufe: invoice.cufe,
      issue_date: invoice.issued_at.slice(0, 10), // issued_at is written in Colombian time (-05:00)
    },
    customer: invoice.request.customer,
    payment: invoice.request.payment,
  };
}

/**
 * A note is built with its invoice's rules so its amounts add up as the invoice's did; an invoice without the field
 * gets the version whose totals give its recorded payable amount, an unknown one today's.
 */
export function noteBuildRulesOf(invoice: InvoiceRequestedV3): BuildRules {
  const { build_rules: recorded, request, issued_at: issuedAt, payable_amount: payable } = invoice.data;
  if (recorded !== undefined) return isKnownBuildRules(recorded) ? recorded : CURRENT_BUILD_RULES;
  const payableWith = (buildRules: BuildRules) => {
    const checked = checkInvoiceRequest(request, { issueDate: issuedAt.slice(0, 10), buildRules });
    return checked.ok ? money(checked.value.totals.payable) : undefined;
  };
  return (
    INVOICE_BUILD_RULES_WHEN_ABSENT.find((buildRules) => payableWith(buildRules) === payable) ?? CURRENT_BUILD_RULES
  );
}

/**
 * The note's document checked by the builder's own rules (@fe/dian-domain checkNoteDocument), totalled with
 * `buildRules`.
 */
export function checkNote(
  kind: NoteKind,
  request: CreditNoteRequest | DebitNoteRequest,
  lines: InvoiceRequest['lines'],
  allowanceCharges: InvoiceRequest['allowance_charges'],
  parts: NoteParts,
  buildRules: BuildRules,
): Result<ValidatedNote> {
  const content = {
    kind,
    request,
    lines,
    ...(allowanceCharges ? { allowance_charges: allowanceCharges } : {}),
    ...parts,
  } as NoteContent;
  return checkNoteDocument(content, buildRules);
}

/**
 * A note's identity by the function the signer builds with, so the recorded CUDE is the one the document carries.
 * The identity never holds the PIN.
 */
export function noteIdentity(
  note: ValidatedNote,
  profile: Pick<TenantProfile, 'tenant' | 'software' | 'environment'>,
  prefix: string,
  number: string,
  issuedAt: Date,
): NoteIdentity {
  return identifyNote({
    note,
    tenant: profile.tenant,
    software: profile.software,
    environment: profile.environment,
    prefix,
    number,
    issuedAt,
  });
}

/**
 * Which rules built a document's amounts, and so its CUFE/CUDE. The first event of a document
 * records the version it was built with (`build_rules`), and every rebuild (the signer, a replay,
 * an audit) uses that version, not today's: a document whose identity is already recorded must
 * come out byte-identical after an upgrade (docs/dian-domain.md, "Build rules versions").
 *
 * - 1: each line's tax rounded half-up, the (tax, rate) subtotal the sum of those roundings
 *   (rules-v1.ts). Invoices recorded before issue 14.
 * - 2: each (tax, rate) subtotal rounded once, shared among the lines by largest remainder
 *   (distribute-tax.ts). Invoices since issue 14 (the field came later: absent is 1 or 2, see
 *   below); notes were born with these (absent on a note = 2).
 *
 * A change that alters any amount, and so any CUFE, of a request that was valid before needs a
 * new version here; a change that only refuses requests or adds fields old requests cannot carry
 * does not.
 */
export const buildRulesVersions = [1, 2] as const;
export type BuildRules = (typeof buildRulesVersions)[number];

/** What ingress records on every new document. */
export const CURRENT_BUILD_RULES: BuildRules = 2;

/**
 * What an InvoiceRequested.v1 without the field was built with: version 1 before issue 14, version 2
 * by the releases between issue 14 and the field. The recorded CUFE (the signer) or payable amount
 * (a note's ingress) tells which, in this order; where the two rules agree, so does the document.
 */
export const INVOICE_BUILD_RULES_WHEN_ABSENT: readonly BuildRules[] = [1, 2];
/** The version a CreditNoteRequested/DebitNoteRequested.v1 names when absent: notes came with version 2. */
export const NOTE_BUILD_RULES_WHEN_ABSENT: BuildRules = 2;

/** True for a version this code can build; a later one (a newer release's event) must be refused, not guessed. */
export function isKnownBuildRules(version: number): version is BuildRules {
  return (buildRulesVersions as readonly number[]).includes(version);
}

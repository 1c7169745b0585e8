/**
 * The rules that built a document's amounts, recorded on its first event, so a rebuild comes out byte-identical
 * after an upgrade (docs/dian-domain.md, "Build rules versions"). A change to any amount needs a new version.
 */
export const buildRulesVersions = [1, 2] as const;
export type BuildRules = (typeof buildRulesVersions)[number];

/** What ingress records on every new document. */
export const CURRENT_BUILD_RULES: BuildRules = 2;

/**
 * What an InvoiceRequested.v1 without the field was built with: version 1 or 2, told apart by the recorded CUFE
 * (the signer) or payable amount (a note's ingress); where the two rules agree, so does the document.
 */
export const INVOICE_BUILD_RULES_WHEN_ABSENT: readonly BuildRules[] = [1, 2];
/** The version a CreditNoteRequested/DebitNoteRequested.v1 names when absent: notes came with version 2. */
export const NOTE_BUILD_RULES_WHEN_ABSENT: BuildRules = 2;

/** True for a version this code can build; a later one (a newer release's event) must be refused, not guessed. */
export function isKnownBuildRules(version: number): version is BuildRules {
  return (buildRulesVersions as readonly number[]).includes(version);
}

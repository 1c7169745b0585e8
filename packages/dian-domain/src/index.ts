// The public surface of @fe/dian-domain. Anything not exported here is private.
export { nitCheckDigit, parseNit, type NitParts } from './nit/nit-check-digit.ts';
export {
  parseDecimal,
  decimalText,
  multiply,
  shiftLeft,
  roundHalfUp,
  formatUnits,
  formatDecimal,
  compareDecimal,
  money,
  type Decimal,
} from './money/decimal.ts';
export { taxRules, isAllowedRate, cufeTaxOrder, type TaxCode } from './tax/tax-rules.ts';
export {
  computeTotals,
  tryComputeTotals,
  type InvoiceTotals,
  type LineAmounts,
  type LineInput,
  type DocumentInput,
  type TaxSubtotal,
  type TaxTotal,
  type AmountProblem,
  type TotalsOutcome,
} from './totals/compute-totals.ts';
export {
  CURRENT_BUILD_RULES,
  INVOICE_BUILD_RULES_WHEN_ABSENT,
  NOTE_BUILD_RULES_WHEN_ABSENT,
  buildRulesVersions,
  isKnownBuildRules,
  type BuildRules,
} from './totals/build-rules.ts';
export {
  resolveAllowanceCharge,
  type AllowanceChargeInput,
  type ResolvedAllowanceCharge,
} from './totals/allowance-charge.ts';
export { cufe, cude, cufeInput, softwareSecurityCode, sha384Hex, type CufeFields } from './cufe/cufe.ts';
export { qrContent, dianLookupUrl, type QrFields } from './qr/qr-content.ts';
export { colombiaDateTime, type ColombiaDateTime } from './time/colombia-time.ts';
export { colombianHolidays } from './calendar/colombia-holidays.ts';
export {
  isColombianBusinessDay,
  addColombianBusinessDays,
  colombianBusinessDaysBetween,
  tacitAcceptanceAvailableFrom,
} from './calendar/business-days.ts';
export {
  environments,
  type DianEnvironment,
  type Tenant,
  type NumberingResolution,
  type SoftwareRegistration,
  type Address,
} from './tenant/tenant.ts';
export { demoTenant, demoResolution, demoSoftware } from './tenant/demo-tenant.ts';
export { failure, type DomainError, type Result } from './errors/domain-error.ts';
export {
  checkInvoiceRequest,
  parseInvoiceRequest,
  validateInvoiceRequest,
  type ValidationContext,
} from './validation/validate-request.ts';
export { documentLinesOf } from './validation/document-lines.ts';
export type {
  ValidatedInvoice,
  ValidatedLine,
  ValidatedCustomer,
  ValidatedAddress,
  ValidatedPrepaidPayment,
  IdentificationType,
} from './validation/validated-invoice.ts';
export { checkNumberInRange, documentId } from './numbering/number-range.ts';
export {
  checkNoteDocument,
  noteContentOf,
  type NoteContent,
  type ValidatedNote,
} from './validation/check-note-document.ts';
export {
  buildNoteXml,
  noteIdentity,
  type BuildNoteInput,
  type BuiltNote,
  type NoteIdentity,
} from './ubl/build-note.ts';
export {
  buildInvoiceXml,
  invoiceIdentity,
  SIGNATURE_SLOT_ANCHOR,
  type BuildInvoiceInput,
  type BuiltInvoice,
  type InvoiceIdentity,
  type SalesInvoiceTypeCode,
} from './ubl/build-invoice.ts';
export {
  CanonicalXmlWriter,
  escapeText,
  escapeAttribute,
  XML_DECLARATION,
  type XmlWriter,
  type XmlAttributes,
} from './ubl/xml-writer.ts';
export { ns as ublNamespaces } from './ubl/namespaces.ts';
export {
  buildAttachedDocument,
  AttachedDocumentInputError,
  type AttachedDocumentInput,
  type BuiltAttachedDocument,
} from './ubl/attached-document.ts';
export {
  buildEventAttachedDocument,
  type EventAttachedDocumentInput,
  type BuiltEventAttachedDocument,
} from './ubl/event-attached-document.ts';
export { isMunicipalityCode, municipalityOptions, spellMunicipality } from './codelists/municipalities.ts';
export { buildEventApplicationResponse, type BuildEventInput, type BuiltEvent } from './radian/build-event.ts';
export { checkEventContent, type ValidatedEvent } from './radian/check-event.ts';
export type { EventContent, EventParty, EventPerson } from './radian/event-content.ts';
export {
  radianEvents,
  isRadianEventCode,
  dianEventReceiver,
  type RadianEvent,
  type RadianEventCode,
} from './radian/event-codes.ts';
export { eventCude, eventCudeInput, type EventCudeFields } from './radian/event-cude.ts';
export { claimReasons, isClaimReason, type ClaimReason } from './radian/claim-reasons.ts';
export { tacitAcceptanceStatement } from './radian/tacit-acceptance.ts';
export { buyerAnswer, type BuyerAnswer, type BuyerAnswerState, type RegisteredEvent } from './radian/buyer-answer.ts';
export { nextEventCheck, FOLLOW_HORIZON_DAYS } from './radian/follow-schedule.ts';
export {
  titleValueTerms,
  type TitleValueAsk,
  type TitleValueInvoice,
  type TitleValueTerms,
} from './radian/title-value-terms.ts';

// The public surface of @fe/submitter. Anything not exported here is private.
export { SubmitterError, submitterErrors, type SubmitterErrorCode } from './errors.ts';
export type { DianGateway, DianZip, NumberingRangeQuery } from './ports/dian-gateway.ts';
export { createDianSoapClient, type DianSoapClientOptions } from './dian-soap/soap-client.ts';
export { sendTestSet, inProcessStatusCode, type TestSetResult, type SendTestSetOptions } from './dian-soap/test-set.ts';
export { buildSoapRequest, type SoapRequest, type SoapParameter } from './dian-soap/envelope.ts';
export { wsSecurityHeader, type WsSecurityCredential } from './dian-soap/ws-security.ts';
export { soapNs, wssUris, actionUri, operations, escapeXmlText, type DianOperation } from './dian-soap/namespaces.ts';
export {
  readSoapEnvelope, parseDianResponse, parseDianResponses, parseUploadDocumentResponse, parseNumberRangeResponseList,
  parseEventResponse, parseAcquirerResponse, parseRuleMessage, decodeXmlBase64,
} from './dian-soap/parse-response.ts';
export type {
  DianResponse, DianRuleMessage, UploadDocumentResponse, NumberRange, NumberRangeResponseList, EventResponse, AcquirerResponse, SoapFault,
} from './dian-soap/response-types.ts';
export { writeZip, readZip, type ZipEntry, type ReadZipLimits } from './packaging/zip.ts';
export { dianFileNames, type DianFileNames, type DocumentType, type FileNameParts } from './packaging/file-names.ts';
export { readDocumentFacts, type DocumentFacts } from './packaging/document-facts.ts';
export { packageDocument, type PackagedDocument } from './packaging/package-document.ts';
export { recordedDocumentFacts } from './packaging/recorded-facts.ts';
export { parseXml, childElement, childElements, pathElement, textOf, isNil, XmlParseError, type XmlElement } from './xml/lookups.ts';
export {
  dianClientConfigSchema, dianClientConfigFromEnv, dianEndpoints, submitterConfigSchema, submitterConfigFromEnv,
  type DianClientConfig, type SubmitterConfig,
} from './config.ts';
// The submitter service.
export { createSubmitterService, type SubmitterPorts } from './service.ts';
export { decide, type Decision, type SendJournal } from './on-invoice-signed/decide.ts';
export { outcomeOfSend, outcomeOfStatus, failed, type Draft, type FailedDraft, type AnswerContext, type Recorded, type SendOutcome, type StatusOutcome } from './on-invoice-signed/outcomes.ts';
export { retryDelayMs, mayRetry, type RetryPolicy } from './on-invoice-signed/retry-policy.ts';
export { submissionReasons, type SubmissionReasonCode, type AttemptFailure } from './on-invoice-signed/failure-reasons.ts';
export { applicationResponseKey, applicationResponseInstant } from './on-invoice-signed/application-response.ts';
export type { SubmissionSchedule, ScheduleRow } from './schedule/submission-schedule.ts';
export { SqliteSubmissionSchedule } from './schedule/sqlite-submission-schedule.ts';
export { createTenantSlots, type TenantSlots, type Release } from './concurrency/tenant-slots.ts';

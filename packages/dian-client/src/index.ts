// The public surface of @fe/dian-client. Anything not exported here is private.
export { DianClientError, dianClientErrors, isDianClientError, type DianClientErrorCode } from './errors.ts';
export type { DianGateway, DianZip, NumberingRangeQuery } from './ports/dian-gateway.ts';
export { createDianSoapClient, type DianSoapClientOptions } from './dian-soap/soap-client.ts';
export { isLoopbackEndpoint } from './dian-soap/transport.ts';
export { createGatewayCache, type GatewayCache, type GatewayClientOptions } from './gateways/gateway-cache.ts';
export { sendTestSet, inProcessStatusCode, type TestSetResult, type SendTestSetOptions } from './dian-soap/test-set.ts';
export { buildSoapRequest, type SoapRequest, type SoapParameter } from './dian-soap/envelope.ts';
export { wsSecurityHeader, type WsSecurityCredential } from './dian-soap/ws-security.ts';
export { soapNs, wssUris, actionUri, operations, escapeXmlText, type DianOperation } from './dian-soap/namespaces.ts';
export {
  readSoapEnvelope,
  parseDianResponse,
  parseDianResponses,
  parseUploadDocumentResponse,
  parseNumberRangeResponseList,
  parseEventResponse,
  parseEventStatusResponse,
  parseAcquirerResponse,
  parseRuleMessage,
  decodeXmlBase64,
} from './dian-soap/parse-response.ts';
export type {
  DianResponse,
  DianRuleMessage,
  UploadDocumentResponse,
  NumberRange,
  NumberRangeResponseList,
  EventResponse,
  EventStatusResponse,
  AcquirerResponse,
  SoapFault,
} from './dian-soap/response-types.ts';
export {
  writeZip,
  writeZipOffThread,
  readZip,
  type ZipEntry,
  type ZipInput,
  type ReadZipLimits,
} from './packaging/zip.ts';
export {
  dianFileName,
  MAX_FILE_CONSECUTIVE,
  type DianFileNames,
  type DocumentType,
  type FileKind,
  type FileNameParts,
} from './file-names/file-names.ts';
export type { FileCounter, FileNumber, FileNumberRequest } from './ports/file-counter.ts';
export { SqliteFileCounter } from './adapters/sqlite-file-counter.ts';
export { ThreadedSqliteFileCounter } from './adapters/threaded-sqlite-file-counter.ts';
export { allocateDocumentNames, type DocumentFileRequest } from './file-names/allocate-names.ts';
export { readDocumentFacts, type DocumentFacts } from './packaging/document-facts.ts';
export { packageDocument, packageDocumentOffThread, type PackagedDocument } from './packaging/package-document.ts';
export { recordedDocumentFacts } from './packaging/recorded-facts.ts';
export {
  dianClientConfigSchema,
  dianClientConfigFromEnv,
  dianEndpoints,
  dianEndpointsConfigSchema,
  dianEndpointsConfigInput,
  dianEndpointsConfigFromEnv,
  type DianClientConfig,
  type DianEndpointsConfig,
} from './config.ts';
export { probeDian, type ProbeResult } from './availability/probe-dian.ts';
export { DianOutageMonitor, type DianOutageMonitorOptions } from './availability/dian-outage-monitor.ts';
export {
  createDianOutageMonitor,
  dianAvailabilityConfigSchema,
  type DianAvailabilityConfig,
} from './availability/availability-config.ts';

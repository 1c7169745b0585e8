import { inSpan, instruments, SpanKind, traceHeaders, tracerFor } from '@fe/telemetry';
import type { XmlElement } from '@fe/dian-xml';
import { DianClientError } from '../errors.ts';
import type { DianGateway, DianZip } from '../ports/dian-gateway.ts';
import { resultOrError } from './classify.ts';
import { buildSoapRequest, type SoapParameter } from './envelope.ts';
import type { DianOperation } from './namespaces.ts';
import {
  parseAcquirerResponse,
  parseDianResponse,
  parseDianResponses,
  parseEventResponse,
  parseEventStatusResponse,
  parseNumberRangeResponseList,
  parseUploadDocumentResponse,
} from './parse-response.ts';
import { checkEndpoint, connectionAgent, postSoap } from './transport.ts';
import type { WsSecurityCredential } from './ws-security.ts';

export type DianSoapClientOptions = {
  /** WcfDianCustomerServices URL: DIAN's habilitación or production endpoint, or the simulator's. */
  endpoint: string;
  /** The tenant's certificate and key (WS-Security). */
  credential: WsSecurityCredential;
  /** Whole call, connect to last byte (ms). Default 30 000. */
  timeoutMs?: number;
  /** TCP+TLS connection (ms). Default 10 000. */
  connectTimeoutMs?: number;
  /** wsu:Timestamp lifetime (s). Default 300, as DIAN's own answers use. */
  timestampTtlSeconds?: number;
  /** Extra trusted CA (PEM) for https endpoints; TLS verification is always on. */
  ca?: string;
  /** Largest answer accepted (bytes). Default 50 MiB: GetXmlByDocumentKey returns whole documents. */
  maxResponseBytes?: number;
  /** An idle connection is kept this long for the next call (ms). Default 4 000; 0 = a new connection per call. */
  keepAliveMs?: number;
  /** The clock for the WS-Security timestamp. */
  now?: () => Date;
};

const sends = new Set<DianOperation>(['SendBillSync', 'SendBillAsync', 'SendTestSetAsync', 'SendEventUpdateStatus']);

/**
 * The DianGateway adapter over SOAP 1.2 + WS-Security (see ports/dian-gateway.ts). Stateless
 * between calls; one instance per tenant certificate and endpoint.
 */
export function createDianSoapClient(options: DianSoapClientOptions): DianGateway {
  const url = checkEndpoint(options.endpoint);
  const transport = {
    timeoutMs: options.timeoutMs ?? 30_000,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxResponseBytes: options.maxResponseBytes ?? 50 * 1024 * 1024,
    ca: options.ca,
    agent:
      (options.keepAliveMs ?? 4000) > 0 ? connectionAgent(url, options.keepAliveMs ?? 4000, options.ca) : undefined,
  };
  const now = options.now ?? (() => new Date());
  const tracer = tracerFor('fe.submitter');

  /**
   * One SOAP call in a CLIENT span named after the operation, its duration in `fe.dian.call.duration`.
   * The span has the operation and the endpoint's host only: the envelope carries the tenant's
   * certificate (WS-Security) and the invoice, and neither belongs in telemetry.
   */
  function call(
    operation: DianOperation,
    parameters: SoapParameter[],
    deadline?: number,
  ): Promise<XmlElement | undefined> {
    const attributes = {
      'rpc.system': 'soap',
      'rpc.service': 'WcfDianCustomerServices',
      'rpc.method': operation,
      'server.address': url.hostname,
    };
    return inSpan(tracer, `DIAN ${operation}`, { kind: SpanKind.CLIENT, attributes }, async () => {
      const started = performance.now();
      let outcome = 'error';
      try {
        const result = await callOnce(operation, parameters, deadline);
        outcome = 'ok';
        return result;
      } finally {
        instruments().dianCallDuration.record((performance.now() - started) / 1000, { operation, outcome });
      }
    });
  }

  async function callOnce(
    operation: DianOperation,
    parameters: SoapParameter[],
    deadline: number | undefined,
  ): Promise<XmlElement | undefined> {
    const soap = buildSoapRequest(operation, parameters, {
      credential: options.credential,
      endpoint: options.endpoint,
      now: now(),
      ttlSeconds: options.timestampTtlSeconds ?? 300,
    });
    const maybeProcessed = sends.has(operation);
    let answer;
    try {
      answer = await postSoap(url, soap, { ...transport, deadline, traceHeaders: traceHeaders() });
    } catch (error) {
      // A read (GetStatus …) changes nothing at DIAN, so its outcome is never "unknown".
      if (maybeProcessed || !(error instanceof DianClientError) || !error.outcomeUnknown) throw error;
      throw new DianClientError(error.code, { ...(error.detail ? { detail: error.detail } : {}), cause: error.cause });
    }
    return resultOrError(answer, operation, maybeProcessed);
  }
  const zipParameters = (zip: DianZip): SoapParameter[] => [
    ['fileName', zip.fileName],
    ['contentFile', Buffer.from(zip.content).toString('base64')],
  ];

  return {
    sendBillSync: async (zip, options) =>
      parseDianResponse(await call('SendBillSync', zipParameters(zip), options?.deadline)),
    sendBillAsync: async (zip) => parseUploadDocumentResponse(await call('SendBillAsync', zipParameters(zip))),
    sendTestSetAsync: async (zip, testSetId) =>
      parseUploadDocumentResponse(await call('SendTestSetAsync', [...zipParameters(zip), ['testSetId', testSetId]])),
    getStatus: async (trackId) => parseDianResponse(await call('GetStatus', [['trackId', trackId]])),
    getStatusZip: async (trackId) => parseDianResponses(await call('GetStatusZip', [['trackId', trackId]])),
    getNumberingRange: async (q) =>
      parseNumberRangeResponseList(
        await call('GetNumberingRange', [
          ['accountCode', q.accountCode],
          ['accountCodeT', q.accountCodeT],
          ['softwareCode', q.softwareCode],
        ]),
      ),
    getXmlByDocumentKey: async (trackId) =>
      parseEventResponse(await call('GetXmlByDocumentKey', [['trackId', trackId]])),
    getAcquirer: async (q) =>
      parseAcquirerResponse(
        await call('GetAcquirer', [
          ['identificationType', q.identificationType],
          ['identificationNumber', q.identificationNumber],
        ]),
      ),
    // The operation takes the zip alone (xsd0: no fileName); DIAN names it by the XML inside.
    sendEventUpdateStatus: async (zip, options) =>
      parseDianResponse(
        await call(
          'SendEventUpdateStatus',
          [['contentFile', Buffer.from(zip.content).toString('base64')]],
          options?.deadline,
        ),
      ),
    getStatusEvent: async (trackId) => parseEventStatusResponse(await call('GetStatusEvent', [['trackId', trackId]])),
  };
}

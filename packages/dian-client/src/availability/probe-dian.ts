import { actionUri, soapNs } from '../dian-soap/namespaces.ts';
import { readSoapEnvelope } from '../dian-soap/parse-response.ts';
import { checkEndpoint, postSoap } from '../dian-soap/transport.ts';

/** One look at DIAN's web service: it answered (with anything SOAP, a refusal too), or it did not. */
export type ProbeResult = 'answered' | 'failed';

export type ProbeOptions = {
  /** How long one probe waits, connection and answer together (ms). */
  timeoutMs: number;
  /** The extra trusted CA (PEM, DIAN_CA_FILE's contents) the SOAP client trusts for an https endpoint. */
  ca?: string | undefined;
};

/** A SOAP fault is a few hundred bytes; anything far larger is not DIAN refusing a probe. */
const MAX_PROBE_ANSWER_BYTES = 1024 * 1024;

/**
 * Posts an unsigned GetStatus to `endpoint` (docs/contingency.md). DIAN refuses it with a SOAP fault, which proves
 * the service is there; a timeout, a refused connection, a TLS failure or an HTTP error page (502, 503) is an
 * outage's kind of failure. It goes through the SOAP client's own transport (endpoint rules, TLS verification, the
 * extra CA), so the probe reaches DIAN exactly when the submitter can. No certificate is needed.
 */
export async function probeDian(endpoint: string, options: ProbeOptions): Promise<ProbeResult> {
  const action = actionUri('GetStatus');
  const body =
    `<soap:Envelope xmlns:soap="${soapNs.soap}" xmlns:wcf="${soapNs.wcf}"><soap:Header/>` +
    `<soap:Body><wcf:GetStatus><wcf:trackId>probe</wcf:trackId></wcf:GetStatus></soap:Body></soap:Envelope>`;
  try {
    const answer = await postSoap(
      checkEndpoint(endpoint),
      { body, action, contentType: `application/soap+xml;charset=UTF-8;action="${action}"` },
      {
        timeoutMs: options.timeoutMs,
        connectTimeoutMs: options.timeoutMs,
        ca: options.ca,
        maxResponseBytes: MAX_PROBE_ANSWER_BYTES,
      },
    );
    readSoapEnvelope(answer.body, 'GetStatus'); // throws for anything but a SOAP 1.2 envelope
    return 'answered';
  } catch {
    return 'failed';
  }
}

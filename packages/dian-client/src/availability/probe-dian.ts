import { actionUri, soapNs } from '../dian-soap/namespaces.ts';
import { readSoapEnvelope } from '../dian-soap/parse-response.ts';

/** One look at DIAN's web service: it answered (with anything SOAP, a refusal too), or it did not. */
export type ProbeResult = 'answered' | 'failed';

/**
 * Posts an unsigned GetStatus to `endpoint` (docs/contingency.md). DIAN refuses it with a SOAP fault, which proves
 * the service is there; a timeout, a refused connection or an HTTP error page (502, 503) is an outage's kind of
 * failure. No certificate is needed, so any process can probe.
 */
export async function probeDian(endpoint: string, timeoutMs: number): Promise<ProbeResult> {
  const action = actionUri('GetStatus');
  const body =
    `<soap:Envelope xmlns:soap="${soapNs.soap}" xmlns:wcf="${soapNs.wcf}"><soap:Header/>` +
    `<soap:Body><wcf:GetStatus><wcf:trackId>probe</wcf:trackId></wcf:GetStatus></soap:Body></soap:Envelope>`;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': `application/soap+xml;charset=UTF-8;action="${action}"` },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    readSoapEnvelope(await response.text(), 'GetStatus'); // throws for anything but a SOAP 1.2 envelope
    return 'answered';
  } catch {
    return 'failed';
  }
}

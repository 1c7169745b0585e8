import { XmlParseError, type XmlElement } from '@fe/dian-xml';
import { DianClientError } from '../errors.ts';
import { readSoapEnvelope } from './parse-response.ts';
import type { SoapFault } from './response-types.ts';
import type { HttpAnswer } from './transport.ts';

/**
 * An HTTP answer as the operation's result element or a classified DianClientError (docs/dian-web-service.md,
 * "Failure classification"). WCF sends faults with HTTP 500, so the body is read before the status is judged.
 */
export function resultOrError(answer: HttpAnswer, operation: string, maybeProcessed: boolean): XmlElement | undefined {
  let outcome: ReturnType<typeof readSoapEnvelope> | undefined;
  try {
    outcome = readSoapEnvelope(answer.body, operation);
  } catch (error) {
    if (!(error instanceof XmlParseError)) throw error;
  }
  if (outcome?.kind === 'fault') throw faultError(outcome.fault, answer.status, maybeProcessed);
  if (answer.status === 503) throw new DianClientError('HTTP_503', { detail: '503' });
  if (answer.status === 500) throw new DianClientError('HTTP_500', { outcomeUnknown: maybeProcessed, detail: '500' });
  if (answer.status > 500)
    throw new DianClientError('HTTP_5XX', { outcomeUnknown: maybeProcessed, detail: String(answer.status) });
  if (answer.status >= 400) throw new DianClientError('HTTP_4XX', { detail: String(answer.status) });
  if (!outcome || answer.status !== 200) {
    throw new DianClientError('RESPONSE_MALFORMED', {
      outcomeUnknown: maybeProcessed,
      detail: `HTTP ${answer.status}`,
    });
  }
  return outcome.result;
}

function faultError(fault: SoapFault, status: number, maybeProcessed: boolean): DianClientError {
  const local = (qname: string | undefined) => qname?.slice(qname.indexOf(':') + 1);
  const code = local(fault.code);
  const detail = [fault.code, fault.subcode, `HTTP ${status}`].filter(Boolean).join(' ');
  // SOAP 1.2 names them Sender/Receiver; WCF also writes the 1.1-style Client/Server.
  const clientSide = code === 'Sender' || code === 'Client' || local(fault.subcode) === 'InvalidSecurity';
  return clientSide
    ? new DianClientError('SOAP_FAULT_CLIENT', { detail })
    : new DianClientError('SOAP_FAULT', { detail, outcomeUnknown: maybeProcessed });
}

// The failure table of dian-soap/classify.ts, answer by answer.
import { describe, expect, it } from 'vitest';
import { resultOrError } from '../src/dian-soap/classify.ts';

const fault = (code: string, subcode = '') =>
  `<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault><s:Code><s:Value>${code}</s:Value>` +
  `${subcode ? `<s:Subcode><s:Value>${subcode}</s:Value></s:Subcode>` : ''}</s:Code><s:Reason><s:Text xml:lang="en">r</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>`;
const ok =
  '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><GetStatusResponse xmlns="http://wcf.dian.colombia"><GetStatusResult/></GetStatusResponse></s:Body></s:Envelope>';

describe('resultOrError', () => {
  it.each([
    [500, fault('s:Client'), 'SOAP_FAULT_CLIENT', false, false],
    [500, fault('s:Sender', 'a:InvalidSecurity'), 'SOAP_FAULT_CLIENT', false, false],
    [500, fault('s:Receiver'), 'SOAP_FAULT', true, true],
    [500, '', 'HTTP_500', true, true],
    [503, '<h1>Service Unavailable</h1>', 'HTTP_503', true, false],
    [502, '', 'HTTP_5XX', true, true],
    [404, '', 'HTTP_4XX', false, false],
    [200, 'not xml', 'RESPONSE_MALFORMED', true, true],
    [
      200,
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body/></s:Envelope>',
      'RESPONSE_MALFORMED',
      true,
      true,
    ],
  ])('HTTP %i %s → %s', (status, body, code, retriable, outcomeUnknown) => {
    expect(() => resultOrError({ status, body }, 'SendBillSync', true)).toThrow(
      expect.objectContaining({ code, retriable, outcomeUnknown }),
    );
  });
  it('returns the result element of a well-formed answer', () => {
    expect(resultOrError({ status: 200, body: ok }, 'GetStatus', false)?.localName).toBe('GetStatusResult');
  });
});

// GetStatusEvent's answer as the client reads it: the DianResponse fields, and the events of its ApplicationResponse
// read by @fe/dian-xml; the client against the simulator is in services/dian-simulator/test/radian-events.int.test.ts.
import { describe, expect, it } from 'vitest';
import { parseEventStatusResponse, readSoapEnvelope } from '../src/index.ts';

const list = (responses: string) =>
  '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"' +
  ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
  ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>EL1</cbc:ID>' +
  `<cbc:IssueDate>2026-03-15</cbc:IssueDate>${responses}</ApplicationResponse>`;
const acknowledgement =
  '<cac:DocumentResponse><cac:Response><cbc:ResponseCode>030</cbc:ResponseCode></cac:Response>' +
  '<cac:DocumentReference><cbc:ID>ACR1</cbc:ID><cbc:UUID>cude-1</cbc:UUID><cac:IssuerParty><cac:PartyTaxScheme>' +
  '<cbc:CompanyID schemeName="31">900373115</cbc:CompanyID></cac:PartyTaxScheme></cac:IssuerParty></cac:DocumentReference></cac:DocumentResponse>';
const answer = (fields: string) =>
  '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><GetStatusEventResponse xmlns="http://wcf.dian.colombia">' +
  '<GetStatusEventResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  `<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/>${fields}</GetStatusEventResult>` +
  '</GetStatusEventResponse></s:Body></s:Envelope>';
const parse = (fields: string) => {
  const outcome = readSoapEnvelope(answer(fields), 'GetStatusEvent');
  return parseEventStatusResponse(outcome.kind === 'result' ? outcome.result : undefined);
};
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('parseEventStatusResponse', () => {
  it('reads the DianResponse and each event its ApplicationResponse lists', () => {
    const r = parse(
      `<b:IsValid>true</b:IsValid><b:StatusCode>00</b:StatusCode><b:XmlBase64Bytes>${base64(list(acknowledgement))}</b:XmlBase64Bytes>` +
        `<b:XmlDocumentKey>${'c'.repeat(96)}</b:XmlDocumentKey>`,
    );
    expect(r).toMatchObject({ isValid: true, statusCode: '00', xmlDocumentKey: 'c'.repeat(96) });
    expect(r.events).toEqual([
      expect.objectContaining({
        eventCode: '030',
        id: 'ACR1',
        cude: 'cude-1',
        sender: expect.objectContaining({ id: '900373115' }),
      }),
    ]);
  });

  it('no ApplicationResponse (an unknown invoice, 66): no events; one that is not an ApplicationResponse: undefined', () => {
    expect(
      parse('<b:IsValid>false</b:IsValid><b:StatusCode>66</b:StatusCode><b:XmlBase64Bytes i:nil="true"/>').events,
    ).toEqual([]);
    expect(
      parse(`<b:IsValid>true</b:IsValid><b:XmlBase64Bytes>${base64('<Invoice/>')}</b:XmlBase64Bytes>`).events,
    ).toBe(undefined);
    expect(parse(`<b:IsValid>true</b:IsValid><b:XmlBase64Bytes>bm90IHhtbA==</b:XmlBase64Bytes>`).events).toBe(
      undefined,
    );
  });
});

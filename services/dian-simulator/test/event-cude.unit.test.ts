// The simulator's own event CUDE against the annex's worked example (RADIAN annex numeral 12.1.1.1, annex reference
// §1.4: event 1 of 2019-04-30 19:48:50-05:00, sender 99998888, receiver DIAN, 030 on FE123, PIN 11111), read from a
// hand-written event by the simulator's own reader: the example passes with its PIN, another PIN is AAD06.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkEventDocument } from '../src/events/event-document-rules.ts';
import { readEventView } from '../src/events/event-view.ts';
import { parseLightXml } from '../src/xml/light-xml.ts';

const CUDE = '0d91ba25b01f5e7dbda870a11b274501d3a62a73e91932c473c86c93f12a142a2ac45876efcde3e679024a01c0be41f9';
const party = (element: string, nit: string) =>
  `<cac:${element}><cac:PartyTaxScheme><cbc:CompanyID schemeName="31">${nit}</cbc:CompanyID></cac:PartyTaxScheme></cac:${element}>`;
const example =
  '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"' +
  ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
  ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">' +
  `<cbc:ProfileExecutionID>2</cbc:ProfileExecutionID><cbc:ID>1</cbc:ID><cbc:UUID schemeID="2" schemeName="CUDE-SHA384">${CUDE}</cbc:UUID>` +
  '<cbc:IssueDate>2019-04-30</cbc:IssueDate><cbc:IssueTime>19:48:50-05:00</cbc:IssueTime>' +
  party('SenderParty', '99998888') +
  party('ReceiverParty', '800197268') +
  '<cac:DocumentResponse><cac:Response><cbc:ResponseCode>030</cbc:ResponseCode></cac:Response>' +
  '<cac:DocumentReference><cbc:ID>FE123</cbc:ID><cbc:DocumentTypeCode>01</cbc:DocumentTypeCode></cac:DocumentReference>' +
  '</cac:DocumentResponse></ApplicationResponse>';
const view = readEventView(parseLightXml(example).root);
const codes = (pin: string) =>
  checkEventDocument(view, { environment: '2' }, { id: 'software', pin, providerNit: '99998888' });

describe("an event's CUDE", () => {
  it("is the annex's: the worked example passes with PIN 11111", () => {
    expect(view).toMatchObject({ code: '030', id: '1', reference: { id: 'FE123', typeCode: '01' } });
    expect(codes('11111')).toEqual([]);
  });

  it('is keyed with the software PIN: another one is AAD06', () => {
    expect(codes('11112')).toEqual(['AAD06']);
  });

  it("is SIM-EV02 for an environment other than its software's; no software is SIM-EV03 and, with no PIN, AAD06", () => {
    expect(checkEventDocument(view, { environment: '1' }, undefined)).toEqual(['SIM-EV02', 'SIM-EV03', 'AAD06']);
    expect(
      checkEventDocument(view, { environment: '2' }, { id: 's', pin: '11111', providerNit: '1', environment: '1' }),
    ).toEqual(['SIM-EV02']);
  });
});

describe("a blank endorsement's CUDE (037, @listID 2), as DIAN's validator computes it", () => {
  // ID + IssueDate + IssueTime + ReceiverParty + ResponseCode + listID + DocumentReference/ID + type + PIN: no sender.
  const cude = createHash('sha384')
    .update('END12026-03-1410:20:05-05:00860034313' + '0372' + 'SETP99000000101' + '11111')
    .digest('hex');
  const endorsement = (listId: string) =>
    example
      .replace('<cbc:ID>1</cbc:ID>', '<cbc:ID>END1</cbc:ID>')
      .replace(CUDE, cude)
      .replace('2019-04-30', '2026-03-14')
      .replace('19:48:50-05:00', '10:20:05-05:00')
      .replace('800197268', '860034313')
      .replace('<cbc:ResponseCode>030', `<cbc:ResponseCode listID="${listId}">037`)
      .replace('FE123', 'SETP990000001');
  const check = (listId: string) =>
    checkEventDocument(
      readEventView(parseLightXml(endorsement(listId)).root),
      { environment: '2' },
      {
        id: 'software',
        pin: '11111',
        providerNit: '99998888',
      },
    );

  it('leaves the endorser out and puts the kind after the code', () => expect(check('2')).toEqual([]));
  it('is not the CUDE of a complete endorsement (@listID 1), which hashes the annex fields', () =>
    expect(check('1')).toEqual(['AAD06']));
});

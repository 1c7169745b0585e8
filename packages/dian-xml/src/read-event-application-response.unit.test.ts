// The event reader on hand-written events in the shape of DIAN's RADIAN toolkit examples (prefixes and attribute
// order of their own), so it is checked against text the builder did not write.
import { describe, expect, it } from 'vitest';
import { applicationResponseXml } from '../test-support/application-response.ts';
import { UnexpectedDocumentError } from './documents.ts';
import { readEventApplicationResponse } from './read-event-application-response.ts';

const CUFE = '9bc549b86a0ba1f8241b94f270ddce41bfbc7ff0bcc50bbc384db0a2a203bbcf9ec62de1a41d84f21b5d60f55aef7cb7';
const party = (element: string, name: string, id: string, attributes: string) =>
  `<c:${element}><c:PartyTaxScheme><b:RegistrationName>${name}</b:RegistrationName>` +
  `<b:CompanyID ${attributes}>${id}</b:CompanyID><c:TaxScheme><b:ID>01</b:ID></c:TaxScheme></c:PartyTaxScheme></c:${element}>`;
const event = (response: string, extra = '') =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"' +
  ' xmlns:c="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
  ' xmlns:b="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">\n' +
  '  <b:CustomizationID>1</b:CustomizationID><b:ProfileExecutionID>2</b:ProfileExecutionID>\n' +
  '  <b:ID> REC7 </b:ID><b:UUID schemeName="CUDE-SHA384" schemeID="2">abc123</b:UUID>\n' +
  '  <b:IssueDate>2026-01-02</b:IssueDate><b:IssueTime>08:00:00-05:00</b:IssueTime>\n' +
  '  <b:Note>uno</b:Note><b:Note><![CDATA[dos & tres]]></b:Note>\n' +
  party('SenderParty', 'Comprador', '900373115', 'schemeName="31" schemeID="3"') +
  party('ReceiverParty', 'Vendedor &amp; Cía', '900123456', 'schemeID="8" schemeName="31"') +
  `<c:DocumentResponse><c:Response>${response}<b:Description>Evento</b:Description></c:Response>` +
  `<c:DocumentReference><b:ID>FAC9</b:ID><b:UUID schemeName="CUFE-SHA384">${CUFE}</b:UUID>` +
  `<b:DocumentTypeCode>01</b:DocumentTypeCode></c:DocumentReference>${extra}</c:DocumentResponse></ApplicationResponse>`;

describe('readEventApplicationResponse', () => {
  it('reads a claim: the CUDE fields, the notes and the reason in @listID and @name', () => {
    const read = readEventApplicationResponse(
      event('<b:ResponseCode name="Servicio no prestado" listID="04">031</b:ResponseCode>'),
    );
    expect(read).toMatchObject({
      customizationId: '1',
      environment: '2',
      id: 'REC7',
      cude: 'abc123',
      cudeScheme: 'CUDE-SHA384',
      issueDate: '2026-01-02',
      issueTime: '08:00:00-05:00',
      notes: ['uno', 'dos & tres'],
      sender: { name: 'Comprador', id: '900373115', dv: '3', documentType: '31' },
      receiver: { name: 'Vendedor & Cía', id: '900123456', dv: '8', documentType: '31' },
      eventCode: '031',
      description: 'Evento',
      claimReason: { code: '04', name: 'Servicio no prestado' },
      invoice: { id: 'FAC9', cufe: CUFE, documentTypeCode: '01' },
      person: undefined,
    });
  });

  it('reads the person who received, without a DV for a cédula', () => {
    const person =
      '<c:IssuerParty><c:Person><b:ID schemeName="13">1020304050</b:ID><b:FirstName>Ana</b:FirstName>' +
      '<b:FamilyName>Pérez</b:FamilyName><b:OrganizationDepartment>Bodega</b:OrganizationDepartment></c:Person></c:IssuerParty>';
    const read = readEventApplicationResponse(event('<b:ResponseCode>032</b:ResponseCode>', person));
    expect(read.claimReason).toBeUndefined();
    expect(read.person).toEqual({
      id: '1020304050',
      documentType: '13',
      dv: undefined,
      firstName: 'Ana',
      familyName: 'Pérez',
      jobTitle: undefined,
      department: 'Bodega',
    });
  });

  it("reads DIAN's verdict as an ApplicationResponse too (its code 02, no event fields), and refuses other roots", () => {
    const verdict = readEventApplicationResponse(applicationResponseXml('02', 'SETP1', CUFE));
    expect(verdict).toMatchObject({ eventCode: '02', sender: { id: '800197268' }, claimReason: undefined });
    expect(() => readEventApplicationResponse('<Invoice/>')).toThrow(UnexpectedDocumentError);
  });
});

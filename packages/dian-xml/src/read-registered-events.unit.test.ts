// GetStatusEvent's list read from hand-written text in the chosen shape (docs/dian-web-service.md, "RADIAN events"),
// with prefixes of its own, so the reader is checked against text the simulator did not write.
import { describe, expect, it } from 'vitest';
import { UnexpectedDocumentError } from './documents.ts';
import { readRegisteredEvents } from './read-registered-events.ts';

const CUDE = 'a'.repeat(96);
const party = (element: string, name: string, id: string, attributes: string) =>
  `<c:${element}><c:PartyTaxScheme><b:RegistrationName>${name}</b:RegistrationName>` +
  `<b:CompanyID ${attributes}>${id}</b:CompanyID></c:PartyTaxScheme></c:${element}>`;
const response = (code: string, id: string, extra = '') =>
  `<c:DocumentResponse><c:Response>${code}<b:Description>Evento ${id}</b:Description>` +
  '<b:EffectiveDate>2026-03-14</b:EffectiveDate><b:EffectiveTime>15:20:06+00:00</b:EffectiveTime></c:Response>' +
  `<c:DocumentReference><b:ID> ${id} </b:ID><b:UUID schemeName="CUDE-SHA384">${CUDE}</b:UUID>` +
  '<b:IssueDate>2026-03-14</b:IssueDate><b:IssueTime>10:20:05-05:00</b:IssueTime><b:DocumentTypeCode>96</b:DocumentTypeCode>' +
  `${party('IssuerParty', 'Comprador', '900373115', 'schemeID="3" schemeName="31"')}</c:DocumentReference>${extra}</c:DocumentResponse>`;
const list = (responses: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"' +
  ' xmlns:c="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
  ' xmlns:b="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">' +
  '<b:ID>EL1</b:ID><b:IssueDate>2026-03-15</b:IssueDate><b:IssueTime>12:00:00+00:00</b:IssueTime>' +
  party('SenderParty', 'DIAN', '800197268', 'schemeID="4" schemeName="31"') +
  party('ReceiverParty', 'Vendedor', '900123456', 'schemeID="8" schemeName="31"') +
  `${responses}</ApplicationResponse>`;

describe('readRegisteredEvents', () => {
  it('reads each DocumentResponse as an event, oldest first: code, reason, registration, the document and its sender', () => {
    const read = readRegisteredEvents(
      list(
        response('<b:ResponseCode>030</b:ResponseCode>', 'ACR1') +
          response(
            '<b:ResponseCode name="Servicio no prestado" listID="04">031</b:ResponseCode>',
            'RCL1',
            party('RecipientParty', 'Vendedor', '900123456', 'schemeName="31" schemeID="8"'),
          ),
      ),
    );
    expect(read).toMatchObject({
      id: 'EL1',
      issueDate: '2026-03-15',
      senderNit: '800197268',
      receiverNit: '900123456',
    });
    expect(read.events).toEqual([
      {
        eventCode: '030',
        description: 'Evento ACR1',
        claimReason: undefined,
        registeredDate: '2026-03-14',
        registeredTime: '15:20:06+00:00',
        id: 'ACR1',
        cude: CUDE,
        issueDate: '2026-03-14',
        issueTime: '10:20:05-05:00',
        documentTypeCode: '96',
        sender: { name: 'Comprador', id: '900373115', dv: '3', documentType: '31' },
        recipient: undefined,
      },
      expect.objectContaining({
        eventCode: '031',
        claimReason: { code: '04', name: 'Servicio no prestado' },
        id: 'RCL1',
        recipient: { name: 'Vendedor', id: '900123456', dv: '8', documentType: '31' },
      }),
    ]);
  });

  it('an invoice without events: an answer without DocumentResponse is an empty list', () => {
    expect(readRegisteredEvents(list('')).events).toEqual([]);
  });

  it('refuses another document', () => {
    expect(() =>
      readRegisteredEvents('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
    ).toThrow(UnexpectedDocumentError);
  });
});

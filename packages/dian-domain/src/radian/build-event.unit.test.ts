import { createHash } from 'node:crypto';
import { readEventApplicationResponse } from '@fe/dian-xml';
import { describe, expect, it } from 'vitest';
import { buildEventCase, EVENT_INVOICE, EVENT_ISSUED_AT, eventCases } from '../../test-support/event-cases.ts';
import { demoSoftware } from '../tenant/demo-tenant.ts';
import { SIGNATURE_SLOT_ANCHOR } from '../ubl/signature-slot.ts';
import { tacitAcceptanceStatement } from './tacit-acceptance.ts';

const cases = Object.entries(eventCases);

describe.each(cases)('event %s, built and read back', (code, content) => {
  const built = buildEventCase(content);
  const read = readEventApplicationResponse(built.xml);

  it('carries its CUDE: SHA-384 of ID, date, time, sender, receiver, code, invoice, type 01 and the PIN', () => {
    // A blank endorsement's formula is its own (below); every case here is a complete one.
    const input =
      read.id! +
      read.issueDate! +
      read.issueTime! +
      read.sender.id! +
      read.receiver.id! +
      read.eventCode! +
      read.invoice.id! +
      read.invoice.documentTypeCode! +
      demoSoftware.pin;
    expect(read.cude).toBe(createHash('sha384').update(input, 'utf8').digest('hex'));
    expect(built.cude).toBe(read.cude);
    expect(read.cudeScheme).toBe('CUDE-SHA384');
  });

  it('reads back as it was asked for', () => {
    expect(read).toMatchObject({
      eventCode: code,
      id: content.id,
      environment: '2',
      customizationId: content.operationType ?? '1',
      issueDate: '2026-03-14',
      issueTime: '10:20:05-05:00',
      notes: content.note ? [content.note] : [],
      sender: { name: content.sender.name, id: content.sender.id, dv: String(content.sender.dv) },
      receiver: { name: content.receiver.name, id: content.receiver.id, dv: String(content.receiver.dv) },
      invoice: { ...EVENT_INVOICE, documentTypeCode: '01' },
    });
    expect(read.person).toEqual(
      content.person && {
        id: content.person.id,
        documentType: content.person.documentType,
        dv: undefined,
        firstName: content.person.firstName,
        familyName: content.person.familyName,
        jobTitle: content.person.jobTitle,
        department: content.person.department,
      },
    );
    expect(read.claimReason).toEqual(
      code === '031' ? { code: '02', name: 'Mercancía no entregada totalmente' } : undefined,
    );
  });

  it("keeps annex §10.2b's order and leaves the signature slot open", () => {
    const children = read.root.content.flatMap((c) => (typeof c === 'string' ? [] : [c.localName]));
    expect(children).toEqual([
      'UBLExtensions',
      'UBLVersionID',
      'CustomizationID',
      'ProfileID',
      'ProfileExecutionID',
      'ID',
      'UUID',
      'IssueDate',
      'IssueTime',
      ...(content.note ? ['Note'] : []),
      'SenderParty',
      'ReceiverParty',
      'DocumentResponse',
    ]);
    expect(built.xml.split(SIGNATURE_SLOT_ANCHOR)).toHaveLength(2);
  });
});

describe("the título valor's data", () => {
  const pairsOf = (xml: string) => readEventApplicationResponse(xml).titleValueGroups;

  it('a 036 writes ConstanciadePagos in its own extension after DianExtensions, and the due date', () => {
    const { xml } = buildEventCase(eventCases['036']);
    expect(xml).toContain(
      '</sts:DianExtensions></ext:ExtensionContent></ext:UBLExtension><ext:UBLExtension><ext:ExtensionContent><CustomTagGeneral><ConstanciadePagos>',
    );
    expect(pairsOf(xml)).toEqual([
      {
        group: 'ConstanciadePagos',
        pairs: [
          ['ValorFEV-TV', '595000.00'],
          ['ValorPagado', '95000.00'],
          ['NuevoValorTV', '500000.00'],
        ],
      },
    ]);
    const read = readEventApplicationResponse(xml);
    expect(read.invoice.dueDate).toBe('2026-04-30');
    expect([read.sender.participations, read.receiver.participations]).toEqual([[], []]);
  });

  it("a 037 writes InformacionNegociacion, its kind in @listID and each side's participation", () => {
    const { xml } = buildEventCase(eventCases['037']);
    const read = readEventApplicationResponse(xml);
    expect(read.titleValueGroups).toEqual([
      {
        group: 'InformacionNegociacion',
        pairs: [
          ['ValorTotalEndoso', '500000.00'],
          ['PrecioPagarseFEV', '487500.00'],
          ['TasaDescuento', '2.5'],
          ['MedioPago', '47'],
        ],
      },
    ]);
    expect(xml).toContain('<cbc:ResponseCode listID="1">037</cbc:ResponseCode>');
    expect(read).toMatchObject({
      endorsementKind: '1',
      claimReason: undefined,
      invoice: { dueDate: '2026-04-30' },
      sender: { participations: ['500000.00'] },
      receiver: { participations: ['500000.00'] },
    });
  });

  it("a blank endorsement's CUDE leaves the endorser out and adds its kind after the code", () => {
    const blank = { ...eventCases['037'], endorsement: { ...eventCases['037'].endorsement!, kind: '2' as const } };
    const built = buildEventCase(blank);
    const read = readEventApplicationResponse(built.xml);
    const input = `END1${read.issueDate}${read.issueTime}${blank.receiver.id}0372${EVENT_INVOICE.id}01${demoSoftware.pin}`;
    expect(built.cude).toBe(createHash('sha384').update(input, 'utf8').digest('hex'));
    expect(read.endorsementKind).toBe('2');
  });
});

describe('what every event writes', () => {
  const { xml } = buildEventCase(eventCases['030']);

  it('DIAN extensions: the SoftwareSecurityCode of the event and the QR of the invoice', () => {
    const ssc = createHash('sha384')
      .update(demoSoftware.id + demoSoftware.pin + 'ACR1')
      .digest('hex');
    expect(buildEventCase(eventCases['030']).softwareSecurityCode).toBe(ssc);
    expect(xml).toContain(`>${ssc}</sts:SoftwareSecurityCode>`);
    expect(xml).toContain(
      `<sts:QRCode>https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${EVENT_INVOICE.cufe}</sts:QRCode>`,
    );
    expect(xml).not.toContain('sts:InvoiceControl');
  });

  it('the profile, and the parties as PartyTaxScheme with the agency, DV, type and person type', () => {
    expect(xml).toContain(
      '<cbc:ProfileID>DIAN 2.1: ApplicationResponse de la Factura Electrónica de Venta</cbc:ProfileID>',
    );
    expect(xml).toContain(
      '<cbc:CompanyID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)" schemeID="3" schemeName="31" schemeVersionID="1">900373115</cbc:CompanyID>',
    );
    expect(xml).toContain('<cbc:TaxLevelCode listName="48">O-13;O-15</cbc:TaxLevelCode>');
    expect(xml).toContain('<cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme>');
  });

  it('the same content and instant give the same bytes', () => {
    expect(buildEventCase(eventCases['030'], new Date(EVENT_ISSUED_AT)).xml).toBe(xml);
  });
});

it("a tacit acceptance's statement is DIAN's wording (RADIAN toolkit example 034)", () => {
  expect(tacitAcceptanceStatement('[Razón social]', '[XXXX]')).toBe(
    'Manifiesto bajo la gravedad de juramento que transcurridos 3 días hábiles siguientes a la fecha de recepción de ' +
      'la mercancía o del servicio en la referida factura de este evento, el adquirente [Razón social] identificado ' +
      'con NIT [XXXX] no manifestó expresamente la aceptación o rechazo de la referida factura, ni reclamó en contra ' +
      'de su contenido.',
  );
});

import { softwareSecurityCode } from '../cufe/cufe.ts';
import type { Result } from '../errors/domain-error.ts';
import { dianLookupUrl } from '../qr/qr-content.ts';
import type { DianEnvironment, SoftwareRegistration } from '../tenant/tenant.ts';
import { colombiaDateTime } from '../time/colombia-time.ts';
import { writeDianExtensions } from '../ubl/dian-extensions.ts';
import { applicationResponseRootAttributes } from '../ubl/namespaces.ts';
import { CanonicalXmlWriter } from '../ubl/xml-writer.ts';
import { checkEventContent } from './check-event.ts';
import type { EventContent } from './event-content.ts';
import type { RadianEventCode } from './event-codes.ts';
import { eventCude, eventCudeInput } from './event-cude.ts';
import {
  INVOICE_TYPE_CODE,
  writeDocumentResponse,
  writeEventParty,
  writeTitleValueExtension,
} from './write-event-parts.ts';

export type BuildEventInput = {
  content: EventContent;
  /** The PIN keys the CUDE and the SoftwareSecurityCode. */
  software: SoftwareRegistration;
  environment: DianEnvironment;
  /** The issue instant; written in Colombian time (-05:00), to the second. The signer signs at the same instant. */
  issuedAt: Date;
};

export type BuiltEvent = {
  /** The unsigned ApplicationResponse, canonical XML; the signer appends its extension at SIGNATURE_SLOT_ANCHOR. */
  xml: string;
  eventCode: RadianEventCode;
  id: string;
  cude: string;
  /** The exact string the CUDE hashes: it ends with the software PIN, a secret, so never log or record it. */
  cudeInput: string;
  issueDate: string;
  issueTime: string;
  /** ISO 8601 with -05:00. */
  issuedAt: string;
  softwareSecurityCode: string;
};

const PROFILE_ID = 'DIAN 2.1: ApplicationResponse de la Factura Electrónica de Venta';

/**
 * A RADIAN event (annex reference §9.3, element order §10.2b) as a pure function: checks the content, then writes
 * the document with its CUDE (§1.4). docs/radian.md says what is and is not written yet.
 */
export function buildEventApplicationResponse(input: BuildEventInput): Result<BuiltEvent> {
  const checked = checkEventContent(input.content);
  if (!checked.ok) return checked;
  const e = checked.value;
  const { software, environment } = input;
  const when = colombiaDateTime(input.issuedAt);
  const cudeFields = {
    id: e.id,
    issueDate: when.date,
    issueTime: when.time,
    senderId: e.sender.id,
    receiverId: e.receiver.id,
    responseCode: e.event.code,
    documentId: e.invoice.id,
    documentTypeCode: INVOICE_TYPE_CODE,
    pin: software.pin,
    endorsementKind: e.endorsement?.kind,
  };
  const cude = eventCude(cudeFields);
  const ssc = softwareSecurityCode(software.id, software.pin, e.id);

  const w = new CanonicalXmlWriter();
  w.open('ApplicationResponse', applicationResponseRootAttributes);
  w.open('ext:UBLExtensions');
  // DIAN's examples point the QR at the invoice, not at the event.
  writeDianExtensions(w, { software, softwareSecurityCode: ssc, qrCode: dianLookupUrl(e.invoice.cufe, environment) });
  writeTitleValueExtension(w, e);
  w.close();
  w.leaf('cbc:UBLVersionID', 'UBL 2.1');
  w.leaf('cbc:CustomizationID', e.customizationId);
  w.leaf('cbc:ProfileID', PROFILE_ID);
  w.leaf('cbc:ProfileExecutionID', environment);
  w.leaf('cbc:ID', e.id);
  w.leaf('cbc:UUID', cude, { schemeID: environment, schemeName: 'CUDE-SHA384' });
  w.leaf('cbc:IssueDate', when.date);
  w.leaf('cbc:IssueTime', when.time);
  if (e.note) w.leaf('cbc:Note', e.note);
  // An endorsement hands the whole endorsed value from one holder to the other: each side's participation.
  const participation = e.endorsement?.amount;
  writeEventParty(w, 'cac:SenderParty', e.sender, participation);
  writeEventParty(w, 'cac:ReceiverParty', e.receiver, participation);
  writeDocumentResponse(w, e);
  w.close();

  return {
    ok: true,
    value: {
      xml: w.finish(),
      eventCode: e.event.code,
      id: e.id,
      cude,
      cudeInput: eventCudeInput(cudeFields),
      issueDate: when.date,
      issueTime: when.time,
      issuedAt: when.iso,
      softwareSecurityCode: ssc,
    },
  };
}

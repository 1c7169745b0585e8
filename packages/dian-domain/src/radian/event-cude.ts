import { sha384Hex } from '../cufe/cufe.ts';

/**
 * The CUDE of an event (annex reference §1.4): SHA-384 hex of these fields joined with no separator. Checked against
 * the annex's worked example (event-cude.unit.test.ts).
 */
export type EventCudeFields = {
  /** The event's own cbc:ID. */
  id: string;
  issueDate: string;
  /** HH:MM:SS-05:00, as written. */
  issueTime: string;
  /** SenderParty's CompanyID, without DV. */
  senderId: string;
  /** ReceiverParty's CompanyID, without DV. */
  receiverId: string;
  /** The event code (cbc:ResponseCode). */
  responseCode: string;
  /** DocumentReference/cbc:ID: the invoice's number. */
  documentId: string;
  /** DocumentReference/cbc:DocumentTypeCode: '01' for an invoice. */
  documentTypeCode: string;
  /** The software PIN: a secret, never logged. */
  pin: string;
  /** An endorsement's ResponseCode/@listID ('1' complete, '2' blank); absent on other events. */
  endorsementKind?: string | undefined;
};

/**
 * A blank endorsement (@listID 2) names no endorser in its CUDE and puts its kind after the code; every other event,
 * a complete endorsement too, hashes the annex's fields. DIAN's own validator computes it so (docs/choices.md, "RADIAN
 * events").
 */
export const eventCudeInput = (f: EventCudeFields): string =>
  f.endorsementKind === '2'
    ? f.id + f.issueDate + f.issueTime + f.receiverId + f.responseCode + '2' + f.documentId + f.documentTypeCode + f.pin
    : f.id +
      f.issueDate +
      f.issueTime +
      f.senderId +
      f.receiverId +
      f.responseCode +
      f.documentId +
      f.documentTypeCode +
      f.pin;

export const eventCude = (fields: EventCudeFields): string => sha384Hex(eventCudeInput(fields));

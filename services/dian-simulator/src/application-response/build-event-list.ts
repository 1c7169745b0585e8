import { hash } from 'node:crypto';
import { escapeAttribute, escapeText } from '@fe/dian-domain/primitives';
import type { PartyFacts, RegisteredEvent } from '../store/store.ts';
import { AR_HEAD, arDateTime, arHeader, DIAN, partyXml, SENDER, type ArParty } from './build-application-response.ts';

export type EventListInput = {
  /** DIAN's internal consecutive for the AR. */
  id: string;
  environment: '1' | '2';
  /** The instant of the answer: its UTC date and time are written, as in DIAN's other ARs. */
  answeredAt: Date;
  /** The invoice whose events these are: its number, and its issuer (the AR's ReceiverParty). */
  invoice: { number: string; issuer: PartyFacts };
  events: readonly RegisteredEvent[];
};

const arParty = (p: PartyFacts): ArParty => ({
  nit: p.nit,
  dv: p.dv ?? null,
  name: p.name,
  documentType: p.documentType,
});

/**
 * GetStatusEvent's answer (docs/dian-web-service.md, "RADIAN events"): an ApplicationResponse from DIAN with one
 * DocumentResponse per registered event, oldest first, unsigned and in canonical form like the validation AR. Each
 * says the event (ResponseCode, a claim's reason on it, Description) and when DIAN registered it
 * (EffectiveDate/Time), references the event document (its ID, CUDE, IssueDate, IssueTime, type 96 and its sender as
 * IssuerParty) and names the party it was sent to (RecipientParty).
 */
export function buildEventList(input: EventListInput): string {
  const { issueDate, issueTime } = arDateTime(input.answeredAt);
  const receiver = arParty(input.invoice.issuer);
  // The simulator's own key for the answer: there is no response code, the invoice takes the document's place.
  const cude = hash(
    'sha384',
    `${input.id}${issueDate}${issueTime}${DIAN.nit}${receiver.nit}${input.invoice.number}01`,
    'hex',
  );
  return (
    AR_HEAD +
    arHeader(input.environment, input.id, cude, issueDate, issueTime) +
    SENDER +
    partyXml('cac:ReceiverParty', receiver) +
    input.events.map(eventResponse).join('') +
    '</ApplicationResponse>'
  );
}

function eventResponse(event: RegisteredEvent): string {
  const registered = arDateTime(event.registeredAt);
  const reason = event.claimReason
    ? ` listID="${escapeAttribute(event.claimReason.code)}"` +
      (event.claimReason.name === undefined ? '' : ` name="${escapeAttribute(event.claimReason.name)}"`)
    : '';
  const description =
    event.description === undefined ? '' : `<cbc:Description>${escapeText(event.description)}</cbc:Description>`;
  return (
    `<cac:DocumentResponse><cac:Response><cbc:ResponseCode${reason}>${escapeText(event.code)}</cbc:ResponseCode>` +
    `${description}<cbc:EffectiveDate>${registered.issueDate}</cbc:EffectiveDate>` +
    `<cbc:EffectiveTime>${registered.issueTime}</cbc:EffectiveTime></cac:Response>` +
    `<cac:DocumentReference><cbc:ID>${escapeText(event.id)}</cbc:ID>` +
    `<cbc:UUID schemeName="CUDE-SHA384">${escapeText(event.cude)}</cbc:UUID>` +
    `<cbc:IssueDate>${escapeText(event.issueDate)}</cbc:IssueDate><cbc:IssueTime>${escapeText(event.issueTime)}</cbc:IssueTime>` +
    `<cbc:DocumentTypeCode>96</cbc:DocumentTypeCode>${partyXml('cac:IssuerParty', arParty(event.sender))}</cac:DocumentReference>` +
    `${partyXml('cac:RecipientParty', arParty(event.receiver))}</cac:DocumentResponse>`
  );
}

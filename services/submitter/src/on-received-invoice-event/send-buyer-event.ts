import type { ReceivedInvoiceEventRefusedV1, ReceivedInvoiceEventRegisteredV1 } from '@fe/contracts';
import type { DianGateway, FileCounter } from '@fe/dian-client';
import type { DianEnvironment, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import type { BlobStore } from '@fe/platform';
import { buyerEventContent, type BuyerEventState, type ReceivedInvoiceState } from '@fe/received-invoices';
import type { SigningCredential } from '@fe/xades';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import { sendSignedEvent } from '../event-sending/send-signed-event.ts';

export type BuyerEventSendInput = {
  tenant: Tenant;
  software: SoftwareRegistration;
  environment: DianEnvironment;
  credential: SigningCredential;
  gateway: DianGateway;
  imported: NonNullable<ReceivedInvoiceState['imported']>;
  entry: BuyerEventState;
  blobs: BlobStore;
  /** The buyer's file counter: the event's ar… name, the same on every send of it (docs/choices.md, "File names"). */
  fileCounter: FileCounter;
  answerTrust?: AnswerTrust | undefined;
};

export type BuyerEventSent =
  | { kind: 'registered'; data: ReceivedInvoiceEventRegisteredV1['data'] }
  | { kind: 'refused'; data: ReceivedInvoiceEventRefusedV1['data'] };

/** DIAN's answer "this CUDE is registered": an earlier send of this very document got through. */
const SAME_DOCUMENT = '90';

/**
 * Sends the buyer's event (sendSignedEvent). It is issued at the request's instant, so a resend after a lost answer
 * is the same document (same CUDE) and DIAN's 90 says it has it. A DianClientError (no answer) and an answer not
 * signed by DIAN are thrown: the bus delivers the request again.
 */
export async function sendBuyerEvent(input: BuyerEventSendInput): Promise<BuyerEventSent> {
  const requested = input.entry.requested;
  const { code, event_id } = requested.data;
  const base = `${input.tenant.id}/received/${input.imported.data.cufe}.${code}`;
  const sent = await sendSignedEvent({
    ...input,
    content: buyerEventContent(input.tenant, input.imported.data, requested.data),
    issuedAt: new Date(requested.occurred_at),
    keys: { event: `${base}.xml`, applicationResponse: `${base}.application-response.xml` },
    names: { nit: input.tenant.nit, owner: base },
  });
  if (sent.kind === 'invalid')
    return {
      kind: 'refused',
      data: {
        code,
        event_id,
        status_code: sent.code,
        rules: sent.details.map((d) => ({ rule: d.path, message: d.message })),
      },
    };
  if (sent.kind === 'untrusted') throw new Error(`APPLICATION_RESPONSE_UNTRUSTED: ${sent.detail}`);
  const { event } = sent;
  const sameDocument = sent.kind === 'already' && sent.rules.every((r) => r.rule === SAME_DOCUMENT);
  if (sent.kind === 'refused' || (sent.kind === 'already' && !sameDocument))
    return {
      kind: 'refused',
      data: { code, event_id, cude: event.cude, status_code: sent.statusCode, rules: sent.rules },
    };
  const registered = sent.kind === 'registered' ? sent : undefined;
  return {
    kind: 'registered',
    data: {
      code,
      event_id,
      cude: event.cude,
      issue_date: event.issueDate,
      issue_time: event.issueTime,
      ...(registered?.registeredAt ? { registered_at: registered.registeredAt } : {}),
      event_key: event.eventKey,
      event_sha256: event.sha256,
      ...(registered?.applicationResponseKey ? { application_response_key: registered.applicationResponseKey } : {}),
      ...(registered?.statusMessage ? { status_message: registered.statusMessage } : {}),
    },
  };
}

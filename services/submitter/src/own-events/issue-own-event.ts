import type { RadianEventRegistration } from '@fe/contracts';
import { isDianClientError, type DianGateway, type FileCounter } from '@fe/dian-client';
import {
  radianEvents,
  type DianEnvironment,
  type EventContent,
  type SoftwareRegistration,
  type Tenant,
} from '@fe/dian-domain';
import type { BlobStore, InvoiceState } from '@fe/platform';
import type { SigningCredential } from '@fe/xades';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import { sendSignedEvent } from '../event-sending/send-signed-event.ts';
import { ownEventKeys, type OwnEventCode } from './own-event-content.ts';

/** How sending one of the seller's own events (034, 036, 037) went. */
export type IssueOutcome =
  /** DIAN registered it: record it. */
  | { kind: 'registered'; registration: RadianEventRegistration }
  /** DIAN says it has one already (rule 90, AAH09, AAD05: an earlier send got through): learn it from the list. */
  | { kind: 'registered-before'; rules: { rule: string; message: string }[] }
  /** DIAN refused it (99 with its rules): nothing registered. */
  | { kind: 'refused'; statusCode: string; rules: { rule: string; message: string }[] }
  /** No answer, or one that cannot be trusted: DIAN may have it; the next check tells. */
  | { kind: 'unknown'; reason: string }
  /** The content cannot make an event (checkEventContent's code and fields): nothing signed or sent. */
  | { kind: 'invalid'; code: string; details: { path: string; message: string }[] };

export type IssueInput = {
  code: OwnEventCode;
  /** What the event says (own-event-content.ts). */
  content: EventContent;
  tenant: Tenant;
  software: SoftwareRegistration;
  environment: DianEnvironment;
  credential: SigningCredential;
  gateway: DianGateway;
  state: InvoiceState;
  /** The issue instant: IssueDate/IssueTime and the signature's SigningTime (one date, FAD09e's rule for events). */
  issuedAt: Date;
  blobs: BlobStore;
  /** The issuer's file counter: the event's ar… name, the same on every send of it (docs/choices.md, "File names"). */
  fileCounter: FileCounter;
  answerTrust?: AnswerTrust | undefined;
};

/** Sends one of the seller's own events (sendSignedEvent) and says what DIAN's answer means for its check. */
export async function issueOwnEvent(input: IssueInput): Promise<IssueOutcome> {
  const { tenant, state, code } = input;
  let sent;
  try {
    sent = await sendSignedEvent({
      ...input,
      keys: ownEventKeys(tenant.id, state.requested!.data.document_id, code),
      names: { nit: tenant.nit, owner: `${state.requested!.invoice_id}:${code}` },
    });
  } catch (error) {
    if (isDianClientError(error)) return { kind: 'unknown', reason: error.code };
    throw error;
  }
  switch (sent.kind) {
    case 'invalid':
      return sent;
    case 'already':
      return { kind: 'registered-before', rules: sent.rules };
    case 'refused':
      return { kind: 'refused', statusCode: sent.statusCode, rules: sent.rules };
    case 'untrusted':
      return { kind: 'unknown', reason: `APPLICATION_RESPONSE_UNTRUSTED: ${sent.detail}` };
    case 'registered': {
      const { event } = sent;
      return {
        kind: 'registered',
        registration: {
          code,
          name: radianEvents[code].name,
          event_id: event.id,
          cude: event.cude,
          issue_date: event.issueDate,
          issue_time: event.issueTime,
          sender: { nit: tenant.nit, name: tenant.legalName },
          ...(sent.registeredAt ? { registered_at: sent.registeredAt } : {}),
          issued_by_us: true,
          ...(sent.applicationResponseKey ? { application_response_key: sent.applicationResponseKey } : {}),
          event_key: event.eventKey,
          event_sha256: event.sha256,
        },
      };
    }
  }
}

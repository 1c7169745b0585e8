import { createHash } from 'node:crypto';
import type { RadianEventRegistration } from '@fe/contracts';
import { isDianClientError, packageDocument, type DianGateway } from '@fe/dian-client';
import {
  buildEventApplicationResponse,
  radianEvents,
  type DianEnvironment,
  type EventContent,
  type SoftwareRegistration,
  type Tenant,
} from '@fe/dian-domain';
import type { BlobStore, InvoiceState } from '@fe/platform';
import { createXadesSigner, type SigningCredential } from '@fe/xades';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import { applicationResponseInstant } from '../on-invoice-signed/application-response.ts';
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
  answerTrust?: AnswerTrust | undefined;
};

/** DIAN's answers that mean "you sent this already" for an event (docs/dian-simulator-rules.md, "RADIAN events"). */
const ALREADY = new Set(['90', 'AAH09', 'AAD05']);

/**
 * Builds the seller's event (@fe/dian-domain), signs it with the tenant's certificate (@fe/xades: a few
 * hashes and one RSA signature on a canonical string, no DOM, so it stays on the event loop as the notifier's does),
 * stores it, sends it with SendEventUpdateStatus and reads DIAN's answer.
 */
export async function issueOwnEvent(input: IssueInput): Promise<IssueOutcome> {
  const { tenant, state, issuedAt, code } = input;
  const built = buildEventApplicationResponse({
    content: input.content,
    software: input.software,
    environment: input.environment,
    issuedAt,
  });
  if (!built.ok) return { kind: 'invalid', code: built.error.code, details: [...built.error.details] };
  const event = built.value;
  const signed = createXadesSigner(input.credential).sign(event.xml, { signingTime: issuedAt }).xml;
  const number = state.requested!.data.document_id;
  const keys = ownEventKeys(tenant.id, number, code);
  await input.blobs.put(keys.event, signed, 'application/xml');
  let answer;
  try {
    answer = await input.gateway.sendEventUpdateStatus(packageDocument(signed, { modified: issuedAt }).zip);
  } catch (error) {
    if (isDianClientError(error)) return { kind: 'unknown', reason: error.code };
    throw error;
  }
  const rules = answer.errorMessages.map((m) => ({ rule: m.rule ?? '', message: m.message }));
  const accepted = (answer.statusCode === '00' || answer.statusCode === '0') && answer.isValid !== false;
  if (!accepted) {
    if (rules.length > 0 && rules.every((r) => ALREADY.has(r.rule))) return { kind: 'registered-before', rules };
    return { kind: 'refused', statusCode: answer.statusCode ?? '', rules };
  }
  const ar = answer.applicationResponseXml;
  const untrusted = ar === undefined ? undefined : input.answerTrust?.(ar);
  if (untrusted) return { kind: 'unknown', reason: `APPLICATION_RESPONSE_UNTRUSTED: ${untrusted}` };
  if (ar) await input.blobs.put(keys.applicationResponse, ar, 'application/xml');
  const registeredAt = applicationResponseInstant(ar);
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
      ...(registeredAt ? { registered_at: new Date(registeredAt).toISOString() } : {}),
      issued_by_us: true,
      ...(ar ? { application_response_key: keys.applicationResponse } : {}),
      event_key: keys.event,
      event_sha256: createHash('sha256').update(signed, 'utf8').digest('hex'),
    },
  };
}

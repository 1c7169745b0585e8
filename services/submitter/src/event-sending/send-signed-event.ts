import { createHash } from 'node:crypto';
import { allocateDocumentNames, packageDocumentOffThread, type DianGateway, type FileCounter } from '@fe/dian-client';
import {
  buildEventApplicationResponse,
  type DianEnvironment,
  type EventContent,
  type SoftwareRegistration,
} from '@fe/dian-domain';
import type { BlobStore } from '@fe/platform';
import { createXadesSigner, type SigningCredential } from '@fe/xades';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import { applicationResponseInstant } from '../on-invoice-signed/application-response.ts';

type Rule = { rule: string; message: string };

export type SignedEventInput = {
  /** What the event says: the seller's own (own-event-content.ts) or the buyer's (@fe/received-invoices). */
  content: EventContent;
  software: SoftwareRegistration;
  environment: DianEnvironment;
  credential: SigningCredential;
  gateway: DianGateway;
  /** The issue instant: IssueDate/IssueTime and the signature's SigningTime (one date, FAD09e's rule for events). */
  issuedAt: Date;
  blobs: BlobStore;
  /** Where the signed event and DIAN's answer are kept. */
  keys: { event: string; applicationResponse: string };
  /** The sender's file counter and the event's owner in it: the same ar… name on every send of the event. */
  fileCounter: FileCounter;
  names: { nit: string; owner: string };
  answerTrust?: AnswerTrust | undefined;
};

/** What the sent event is, once signed and stored. */
type SentEvent = { id: string; cude: string; issueDate: string; issueTime: string; eventKey: string; sha256: string };

export type SignedEventAnswer =
  /** DIAN registered it. */
  | {
      kind: 'registered';
      event: SentEvent;
      registeredAt?: string;
      applicationResponseKey?: string;
      statusMessage?: string;
    }
  /** DIAN says it has it already (90, AAH09, AAD05): an earlier send may have got through. */
  | { kind: 'already'; event: SentEvent; statusCode: string; rules: Rule[] }
  /** DIAN refused it with its rules: nothing registered. */
  | { kind: 'refused'; event: SentEvent; statusCode: string; rules: Rule[] }
  /** DIAN's answer is not signed by DIAN: no answer. */
  | { kind: 'untrusted'; detail: string }
  /** The content cannot make an event (checkEventContent's code and fields): nothing signed or sent. */
  | { kind: 'invalid'; code: string; details: { path: string; message: string }[] };

/** DIAN's answers that mean "you sent this already" for an event (docs/dian-simulator-rules.md, "RADIAN events"). */
const ALREADY = new Set(['90', 'AAH09', 'AAD05']);

/**
 * The one way an event (an ApplicationResponse of RADIAN, the seller's or the buyer's) reaches DIAN: built by
 * @fe/dian-domain, signed with the tenant's certificate (@fe/xades: a few hashes and one RSA signature on a
 * canonical string, no DOM), stored, named from the file counter, sent with SendEventUpdateStatus, and DIAN's answer
 * read and its signature checked. No answer at all (DianClientError) is thrown: each caller knows what that means.
 */
export async function sendSignedEvent(input: SignedEventInput): Promise<SignedEventAnswer> {
  const { issuedAt, keys } = input;
  const built = buildEventApplicationResponse({
    content: input.content,
    software: input.software,
    environment: input.environment,
    issuedAt,
  });
  if (!built.ok) return { kind: 'invalid', code: built.error.code, details: [...built.error.details] };
  const signer = createXadesSigner(input.credential);
  const signed = (await signer.signOffThread(built.value.xml, { signingTime: issuedAt })).xml;
  await input.blobs.put(keys.event, signed, 'application/xml');
  const { id, cude, issueDate, issueTime } = built.value;
  const event: SentEvent = {
    id,
    cude,
    issueDate,
    issueTime,
    eventKey: keys.event,
    sha256: createHash('sha256').update(signed, 'utf8').digest('hex'),
  };
  const names = await allocateDocumentNames(input.fileCounter, {
    ...input.names,
    type: 'ar',
    year: Number(issueDate.slice(0, 4)),
  });
  const answer = await input.gateway.sendEventUpdateStatus(
    (await packageDocumentOffThread(signed, { modified: issuedAt, names })).zip,
  );
  const rules = answer.errorMessages.map((m) => ({ rule: m.rule ?? '', message: m.message }));
  const accepted = (answer.statusCode === '00' || answer.statusCode === '0') && answer.isValid !== false;
  if (!accepted) {
    const statusCode = answer.statusCode ?? '';
    if (rules.length > 0 && rules.every((r) => ALREADY.has(r.rule)))
      return { kind: 'already', event, statusCode, rules };
    return { kind: 'refused', event, statusCode, rules };
  }
  const ar = answer.applicationResponseXml;
  const untrusted = ar === undefined ? undefined : input.answerTrust?.(ar);
  if (untrusted) return { kind: 'untrusted', detail: untrusted };
  if (ar) await input.blobs.put(keys.applicationResponse, ar, 'application/xml');
  const registeredAt = applicationResponseInstant(ar);
  return {
    kind: 'registered',
    event,
    ...(registeredAt ? { registeredAt: new Date(registeredAt).toISOString() } : {}),
    ...(ar ? { applicationResponseKey: keys.applicationResponse } : {}),
    ...(answer.statusMessage ? { statusMessage: answer.statusMessage } : {}),
  };
}

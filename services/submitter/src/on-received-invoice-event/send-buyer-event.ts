import { createHash } from 'node:crypto';
import type { ReceivedInvoiceEventRefusedV1, ReceivedInvoiceEventRegisteredV1 } from '@fe/contracts';
import { allocateDocumentNames, packageDocument, type DianGateway, type FileCounter } from '@fe/dian-client';
import {
  buildEventApplicationResponse,
  type DianEnvironment,
  type SoftwareRegistration,
  type Tenant,
} from '@fe/dian-domain';
import type { BlobStore } from '@fe/platform';
import { buyerEventContent, type BuyerEventState, type ReceivedInvoiceState } from '@fe/received-invoices';
import { createXadesSigner, type SigningCredential } from '@fe/xades';
import type { AnswerTrust } from '../on-invoice-signed/answer-trust.ts';
import { applicationResponseInstant } from '../on-invoice-signed/application-response.ts';

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
 * Builds the buyer's event (@fe/dian-domain), signs it with the tenant's certificate (a few hashes and one RSA
 * signature on a canonical string, as the seller's 034 is), stores it, sends it with SendEventUpdateStatus and reads
 * DIAN's answer. It is issued at the request's instant, so a resend after a lost answer is the same document (same
 * CUDE) and DIAN's 90 says it has it. A DianClientError (no answer) is thrown: the bus delivers the request again.
 */
export async function sendBuyerEvent(input: BuyerEventSendInput): Promise<BuyerEventSent> {
  const requested = input.entry.requested;
  const issuedAt = new Date(requested.occurred_at);
  const { code, event_id } = requested.data;
  const built = buildEventApplicationResponse({
    content: buyerEventContent(input.tenant, input.imported.data, requested.data),
    software: input.software,
    environment: input.environment,
    issuedAt,
  });
  if (!built.ok)
    return {
      kind: 'refused',
      data: {
        code,
        event_id,
        status_code: built.error.code,
        rules: built.error.details.map((d) => ({ rule: d.path, message: d.message })),
      },
    };
  const event = built.value;
  const signed = createXadesSigner(input.credential).sign(event.xml, { signingTime: issuedAt }).xml;
  const base = `${input.tenant.id}/received/${input.imported.data.cufe}.${code}`;
  const eventKey = `${base}.xml`;
  await input.blobs.put(eventKey, signed, 'application/xml');
  const names = await allocateDocumentNames(input.fileCounter, {
    nit: input.tenant.nit,
    type: 'ar',
    year: Number(event.issueDate.slice(0, 4)),
    owner: base,
  });
  const answer = await input.gateway.sendEventUpdateStatus(packageDocument(signed, { modified: issuedAt, names }).zip);
  const rules = answer.errorMessages.map((m) => ({ rule: m.rule ?? '', message: m.message }));
  const accepted = (answer.statusCode === '00' || answer.statusCode === '0') && answer.isValid !== false;
  const sameDocument = rules.length > 0 && rules.every((r) => r.rule === SAME_DOCUMENT);
  if (!accepted && !sameDocument)
    return { kind: 'refused', data: { code, event_id, cude: event.cude, status_code: answer.statusCode ?? '', rules } };
  const ar = accepted ? answer.applicationResponseXml : undefined;
  const untrusted = ar === undefined ? undefined : input.answerTrust?.(ar);
  // An answer not signed by DIAN is no answer: thrown, so the request is delivered and sent again.
  if (untrusted) throw new Error(`APPLICATION_RESPONSE_UNTRUSTED: ${untrusted}`);
  const arKey = `${base}.application-response.xml`;
  if (ar) await input.blobs.put(arKey, ar, 'application/xml');
  const registeredAt = applicationResponseInstant(ar);
  return {
    kind: 'registered',
    data: {
      code,
      event_id,
      cude: event.cude,
      issue_date: event.issueDate,
      issue_time: event.issueTime,
      ...(registeredAt ? { registered_at: new Date(registeredAt).toISOString() } : {}),
      event_key: eventKey,
      event_sha256: createHash('sha256').update(signed, 'utf8').digest('hex'),
      ...(ar ? { application_response_key: arKey } : {}),
      ...(answer.statusMessage ? { status_message: answer.statusMessage } : {}),
    },
  };
}

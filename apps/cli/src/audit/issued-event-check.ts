import type { RadianEventRegistration } from '@fe/contracts';
import { readEventApplicationResponse } from '@fe/dian-xml';
import type { AuditFinding } from '@fe/platform';
import { verifySignedEvent } from '@fe/xades';
import { checkDianAnswer, unlessMalformed } from './dian-answer-check.ts';
import type { TenantTrust } from './tenant-trust.ts';

/** What the check compares a signed event's document with: the event as a stream recorded it, whoever sent it. */
export type SignedEventRecord = Pick<
  RadianEventRegistration,
  'code' | 'event_id' | 'cude' | 'issue_date' | 'issue_time' | 'application_response_key'
> & { event_key: string; sender: { nit: string } };

/** An issued invoice's RADIAN event as a signed record; undefined for one learned from DIAN's list (no document). */
export const issuedRecord = (e: RadianEventRegistration): SignedEventRecord | undefined =>
  e.issued_by_us && e.event_key ? { ...e, event_key: e.event_key } : undefined;

export type IssuedEventContext = {
  /** The invoice the stream is about: the event must reference it. */
  invoice: { cufe: string; number: string };
  /** The stream's files, read once (missing and changed ones are already findings). */
  files: ReadonlyMap<string, Uint8Array | undefined>;
  trust: TenantTrust;
  dianTrustedPem: string | undefined;
};

/**
 * A RADIAN event the service issued and stored (docs/radian.md: the seller's 034, 036, 037 and a buyer's 030–033),
 * checked like a document: its signature by the tenant's certificate, its CUDE recomputed with the software PIN, its
 * fields against the recorded event, and DIAN's answer accepting that CUDE.
 */
export function checkIssuedEvent(
  stream: string,
  event: SignedEventRecord,
  context: IssuedEventContext,
): AuditFinding[] {
  const bytes = context.files.get(event.event_key);
  if (!bytes) return []; // FILE_MISSING says so
  const about = `event ${event.code} ${event.event_id}: `;
  const findings: AuditFinding[] = [];
  const say = (code: AuditFinding['code'], detail: string) =>
    findings.push({ code, subject: stream, detail: `${about}${detail}` });
  const xml = Buffer.from(bytes).toString('utf8');
  const { trust } = context;
  const report = verifySignedEvent(xml, {
    ...(trust.trustedPem ? { trustedPem: trust.trustedPem } : {}),
    ...(trust.softwarePin ? { pin: trust.softwarePin } : {}),
    ...(trust.owners ? { owners: trust.owners } : {}),
  });
  for (const check of report.checks.filter((c) => c.ok === false)) {
    const code =
      check.name === 'CUDE'
        ? 'RADIAN_EVENT_CUDE_MISMATCH'
        : check.name === 'document'
          ? 'RADIAN_EVENT_MISMATCH'
          : 'SIGNATURE_INVALID';
    say(code, `signed event: ${check.name}: ${check.detail}`);
  }
  const written = unlessMalformed(() => readEventApplicationResponse(xml));
  if (written) {
    if (written.cude !== event.cude)
      say(
        'RADIAN_EVENT_CUDE_MISMATCH',
        `the signed event carries CUDE ${written.cude ?? '(none)'}, the event recorded ${event.cude}`,
      );
    const expected: [field: string, recorded: string, inDocument: string | undefined][] = [
      ['code', event.code, written.eventCode],
      ['number', event.event_id, written.id],
      ['issue date', event.issue_date, written.issueDate],
      ['issue time', event.issue_time, written.issueTime],
      ['sender', event.sender.nit, written.sender.id],
      ['invoice number', context.invoice.number, written.invoice.id],
      ['invoice cufe', context.invoice.cufe, written.invoice.cufe],
    ];
    for (const [field, recorded, inDocument] of expected)
      if (recorded !== inDocument)
        say(
          'RADIAN_EVENT_MISMATCH',
          `the signed event's ${field} is ${inDocument ?? '(none)'}, the stream records ${recorded}`,
        );
  }
  const answer = event.application_response_key ? context.files.get(event.application_response_key) : undefined;
  if (answer) {
    const verdict = { key: event.cude, keyName: 'CUDE', accepted: true, about };
    findings.push(...checkDianAnswer(stream, Buffer.from(answer).toString('utf8'), verdict, context.dianTrustedPem));
  }
  return findings;
}

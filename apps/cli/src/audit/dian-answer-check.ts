import type { AuditFinding } from '@fe/platform';
import {
  readApplicationResponse,
  UnexpectedDocumentError,
  XmlParseError,
  type ApplicationResponseDocument,
} from '@fe/dian-xml';
import { verifyApplicationResponseSignature } from '@fe/xades';

/** What the stream says DIAN answered about one document (an invoice, a note, a RADIAN event). */
export type RecordedVerdict = {
  /** The CUFE or CUDE the answer must speak of. */
  key: string;
  /** How the key is named in a finding: cufe, CUDE. */
  keyName: string;
  /** Accepted (ResponseCode 02) or rejected (04: annex 1.9 §9.2). */
  accepted: boolean;
  /** Put before every detail: empty for the stream's own document, `event 034 TAC…: ` for a RADIAN event. */
  about: string;
};

/**
 * DIAN's answer: its signature under the DIAN anchor, the document-level ResponseCode and the referenced key against
 * what the stream recorded.
 */
export function checkDianAnswer(
  stream: string,
  xml: string,
  verdict: RecordedVerdict,
  dianTrustedPem: string | undefined,
): AuditFinding[] {
  const answer: Partial<ApplicationResponseDocument> = unlessMalformed(() => readApplicationResponse(xml)) ?? {};
  const { responseCode: code, documentKey: referenced } = answer;
  const expected = verdict.accepted ? '02' : '04';
  const findings: AuditFinding[] = [];
  const say = (code: AuditFinding['code'], detail: string) =>
    findings.push({ code, subject: stream, detail: `${verdict.about}${detail}` });
  for (const check of verifyApplicationResponseSignature(xml, dianTrustedPem).checks.filter((c) => c.ok === false)) {
    // A valid signature by a key that is not DIAN's: a forged answer, not an edited one.
    const code = check.name === 'chain' ? 'APPLICATION_RESPONSE_UNTRUSTED' : 'SIGNATURE_INVALID';
    say(code, `DIAN's ApplicationResponse: ${check.name}: ${check.detail}`);
  }
  if (code !== expected)
    say(
      'APPLICATION_RESPONSE_MISMATCH',
      `DIAN's answer says ResponseCode ${code ?? '(none)'}; the stream records ${verdict.accepted ? 'acceptance (02)' : 'rejection (04)'}`,
    );
  if (referenced !== verdict.key)
    say('APPLICATION_RESPONSE_MISMATCH', `DIAN's answer refers to ${verdict.keyName} ${referenced ?? '(none)'}`);
  return findings;
}

/**
 * What `read` finds, or undefined when the document is not well-formed or another one (the signature check reports
 * that).
 */
export function unlessMalformed<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof XmlParseError || error instanceof UnexpectedDocumentError) return undefined;
    throw error;
  }
}

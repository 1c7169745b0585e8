import { invoiceEventSchema, type InvoiceEvent } from '@fe/contracts';
import {
  documentKey,
  filesNamed,
  PlatformError,
  sha256Of,
  type AuditFinding,
  type BlobStore,
  type DocumentRequested,
  type RecordedEvent,
} from '@fe/platform';
import {
  parseXmlTree,
  readApplicationResponse,
  readDocumentHead,
  UnexpectedDocumentError,
  XmlParseError,
  type ApplicationResponseDocument,
} from '@fe/dian-xml';
import { verifyApplicationResponseSignature, verifySignedInvoice } from '@fe/xades';

/**
 * What the signature and CUFE checks need from the tenant registry: for a note, `technicalKey` is the software PIN (its
 * CUDE's key).
 */
export type TenantTrust = { trustedPem: string | undefined; technicalKey: string | undefined };

/**
 * The first event of `events` when it opens a document stream (an invoice or a note); undefined for any other stream.
 */
export function documentRequested(first: { type: string } | undefined): DocumentRequested | undefined {
  return first &&
    (first.type === 'InvoiceRequested' || first.type === 'CreditNoteRequested' || first.type === 'DebitNoteRequested')
    ? (first as DocumentRequested)
    : undefined;
}

/**
 * The document half of `fe audit verify` for one stream: each named file has its recorded digest, the signed XML
 * still verifies with the requested CUFE/CUDE, and DIAN's answer still carries a valid signature saying the same.
 */
export async function verifyInvoice(
  stream: string,
  recorded: readonly RecordedEvent[],
  blobs: Pick<BlobStore, 'get'>,
  trustOf: (requested: DocumentRequested) => Promise<TenantTrust>,
  dianTrustedPem?: string,
): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = [];
  const events: InvoiceEvent[] = [];
  for (const event of recorded) {
    const parsed = invoiceEventSchema.safeParse(event.envelope);
    if (parsed.success) events.push(parsed.data);
    else
      findings.push({
        code: 'EVENT_UNREADABLE',
        subject: stream,
        detail: `version ${event.version} (${event.envelope.type}) does not match its published schema`,
      });
  }
  const requested = documentRequested(events[0]);
  const files = new Map<string, Uint8Array | undefined>();
  for (const event of recorded) {
    for (const file of filesNamed(event.envelope)) {
      const bytes = await read(blobs, file.key);
      files.set(file.key, bytes);
      if (!bytes)
        findings.push({
          code: 'FILE_MISSING',
          subject: stream,
          detail: `${event.envelope.type} names ${file.key}, which is not stored`,
        });
      else if (file.sha256 !== undefined && sha256Of(bytes) !== file.sha256) {
        findings.push({
          code: 'FILE_DIGEST_MISMATCH',
          subject: stream,
          detail: `${file.key} no longer has the SHA-256 ${event.envelope.type} recorded`,
        });
      }
    }
  }
  if (!requested) return findings;
  const cufe = documentKey(requested); // the invoice's CUFE, a note's CUDE
  const keyName = requested.type === 'InvoiceRequested' ? 'cufe' : 'CUDE';
  for (const event of events) {
    if (event.type === 'InvoiceSigned') {
      const xml = files.get(event.data.xml_key);
      if (xml)
        findings.push(
          ...checkSignedXml(stream, Buffer.from(xml).toString('utf8'), cufe, keyName, await trustOf(requested)),
        );
    }
    if ((event.type === 'InvoiceAccepted' || event.type === 'InvoiceRejected') && event.data.application_response_key) {
      const answer = files.get(event.data.application_response_key);
      if (answer)
        findings.push(
          ...checkApplicationResponse(
            stream,
            Buffer.from(answer).toString('utf8'),
            cufe,
            event.type === 'InvoiceAccepted',
            dianTrustedPem,
          ),
        );
    }
  }
  return findings;
}

function checkSignedXml(
  stream: string,
  xml: string,
  cufe: string,
  keyName: string,
  trust: TenantTrust,
): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const report = verifySignedInvoice(xml, {
    ...(trust.trustedPem ? { trustedPem: trust.trustedPem } : {}),
    ...(trust.technicalKey ? { technicalKey: trust.technicalKey } : {}),
  });
  for (const check of report.checks.filter((c) => c.ok === false)) {
    findings.push({
      code: check.name === 'CUFE' || check.name === 'CUDE' ? 'CUFE_MISMATCH' : 'SIGNATURE_INVALID',
      subject: stream,
      detail: `signed XML: ${check.name}: ${check.detail}`,
    });
  }
  const written = unlessMalformed(() => readDocumentHead(parseXmlTree(xml)).key)?.match(CUFE_TEXT)?.[0];
  if (written !== cufe)
    findings.push({
      code: 'CUFE_MISMATCH',
      subject: stream,
      detail: `the signed XML carries ${keyName} ${written ?? '(none)'}, the request recorded ${cufe.slice(0, 16)}…`,
    });
  return findings;
}

const CUFE_TEXT = /^[0-9a-f]{96}$/;

/**
 * What `read` finds, or undefined when the document is not well-formed or another one (the signature check reports
 * that).
 */
function unlessMalformed<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof XmlParseError || error instanceof UnexpectedDocumentError) return undefined;
    throw error;
  }
}

/**
 * DIAN's answer: the document-level ResponseCode (02 validated, 04 rejected: annex 1.9 §9.2) and the referenced cufe.
 */
function checkApplicationResponse(
  stream: string,
  xml: string,
  cufe: string,
  accepted: boolean,
  dianTrustedPem: string | undefined,
): AuditFinding[] {
  const answer: Partial<ApplicationResponseDocument> = unlessMalformed(() => readApplicationResponse(xml)) ?? {};
  const { responseCode: code, documentKey: referenced } = answer;
  const expected = accepted ? '02' : '04';
  const findings: AuditFinding[] = [];
  for (const check of verifyApplicationResponseSignature(xml, dianTrustedPem).checks.filter((c) => c.ok === false)) {
    // A valid signature by a key that is not DIAN's: a forged answer, not an edited one.
    const code = check.name === 'chain' ? 'APPLICATION_RESPONSE_UNTRUSTED' : 'SIGNATURE_INVALID';
    findings.push({ code, subject: stream, detail: `DIAN's ApplicationResponse: ${check.name}: ${check.detail}` });
  }
  if (code !== expected) {
    findings.push({
      code: 'APPLICATION_RESPONSE_MISMATCH',
      subject: stream,
      detail: `DIAN's answer says ResponseCode ${code ?? '(none)'}; the stream records ${accepted ? 'acceptance (02)' : 'rejection (04)'}`,
    });
  }
  if (referenced !== cufe)
    findings.push({
      code: 'APPLICATION_RESPONSE_MISMATCH',
      subject: stream,
      detail: `DIAN's answer refers to cufe ${referenced ?? '(none)'}`,
    });
  return findings;
}

async function read(blobs: Pick<BlobStore, 'get'>, key: string): Promise<Uint8Array | undefined> {
  try {
    return (await blobs.get(key)).bytes;
  } catch (error) {
    if (error instanceof PlatformError && (error.code === 'BLOB_NOT_FOUND' || error.code === 'BLOB_KEY_INVALID'))
      return undefined;
    throw error;
  }
}

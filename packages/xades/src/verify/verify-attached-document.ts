import type { Document, Element } from '@xmldom/xmldom';
import { checkCertificate, checkChain, leafCertificate } from './check-certificate.ts';
import { checkSignature } from './check-signature.ts';
import { documentKind } from './document-kind.ts';
import { NS, parseXml, path, text } from './dom.ts';
import type { Check, VerificationReport } from './report.ts';
import { verifySignedInvoice, type VerifyOptions } from './verify-signed-invoice.ts';

export type AttachedDocumentVerifyOptions = VerifyOptions & {
  /** PEM of DIAN's certificate (or its CA) for the ApplicationResponse's signature; without it the signature is checked against its own KeyInfo only. */
  trustedDianPem?: string;
};

const cbc = (name: string): [string, string] => [NS.cbc, name];
const cac = (name: string): [string, string] => [NS.cac, name];

/** True when the document's root is a UBL AttachedDocument (`fe verify` then checks the three signatures). */
export const isAttachedDocument = (xml: string): boolean => /<(?:\w+:)?AttachedDocument[\s>]/.test(xml.slice(0, 2000));

/**
 * What a buyer or an auditor checks on what arrived (annex §9.1): the container's own signature and
 * certificate; the signed invoice inside it (signature, certificate, CUFE); DIAN's
 * ApplicationResponse inside it (signature, ResponseCode 02, that it speaks of the invoice's CUFE);
 * and that the container's references agree with both.
 *
 *   const report = verifyAttachedDocument(xml, { trustedPem, technicalKey });
 */
export function verifyAttachedDocument(xml: string, options: AttachedDocumentVerifyOptions = {}): VerificationReport {
  let checks: Check[];
  try {
    const doc = parseXml(xml);
    const root = doc.documentElement ?? undefined;
    const signature = ownSignature(doc);
    const own = signature ? containerSignature(xml, signature, text(path(root, cbc('IssueDate'))), options.trustedPem) : [{ name: 'signature', ok: false, detail: 'no ds:Signature of its own' }];
    const invoiceXml = text(path(root, cac('Attachment'), cac('ExternalReference'), cbc('Description')));
    const line = path(root, cac('ParentDocumentLineReference'), cac('DocumentReference'));
    const arXml = text(path(line, cac('Attachment'), cac('ExternalReference'), cbc('Description')));
    const referencedCufe = text(path(line, cbc('UUID')));
    const invoice = invoiceXml ? verifySignedInvoice(invoiceXml, options) : { valid: false, checks: [{ name: 'document', ok: false, detail: 'no embedded invoice' }] };
    const embedded = invoiceXml ? parseXml(invoiceXml) : undefined;
    const invoiceCufe = embedded ? text(path(embedded.documentElement ?? undefined, cbc('UUID'))) : undefined;
    // A note's container holds a CreditNote or DebitNote keyed by its CUDE: say so on every line.
    const { label, key } = (embedded && documentKind(embedded)) ?? { label: 'invoice', key: 'CUFE' };
    checks = [
      ...own.map(prefixed('AttachedDocument')),
      ...invoice.checks.map(prefixed(label)),
      { name: `AttachedDocument → ${label}`, ok: !!invoiceCufe && invoiceCufe === referencedCufe, detail: `the container names ${key} ${short(referencedCufe)}, the ${label} carries ${short(invoiceCufe)}` },
      ...(arXml ? applicationResponseChecks(arXml, invoiceCufe, options.trustedDianPem, `the ${label}'s ${key}`) : [{ name: 'document', ok: false, detail: 'no embedded ApplicationResponse' }]).map(prefixed('DIAN ApplicationResponse')),
    ];
  } catch (error) {
    checks = [{ name: 'document', ok: false, detail: `not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : 'parse error'}` }];
  }
  return { valid: checks.every((c) => c.ok !== false), checks };
}

/**
 * DIAN's ApplicationResponse on its own (as the service stores it beside a verdict): its signature
 * over the document and the certificate in its KeyInfo. Any edit of the stored answer that was not
 * signed again breaks it (`fe audit verify`). With `trustedDianPem` (DIAN's signing certificate or
 * the CA that issues it) a 'chain' check also says whether that certificate is DIAN's: without it,
 * an answer forged and signed with any other key verifies.
 */
export function verifyApplicationResponseSignature(arXml: string, trustedDianPem?: string): VerificationReport {
  let checks: Check[];
  try {
    const signature = ownSignature(parseXml(arXml));
    const cert = signature ? leafCertificate(signature) : undefined;
    checks = signature ? checkSignature(arXml, signature, cert) : [{ name: 'signature', ok: false, detail: 'no ds:Signature' }];
    if (trustedDianPem !== undefined) checks.push(cert ? checkChain(cert, trustedDianPem, '--trusted-dian') : { name: 'chain', ok: false, detail: 'no X509Certificate in KeyInfo' });
  } catch (error) {
    checks = [{ name: 'document', ok: false, detail: `not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : 'parse error'}` }];
  }
  return { valid: checks.every((c) => c.ok !== false), checks };
}

function containerSignature(xml: string, signature: Element, issueDate: string | undefined, trustedPem: string | undefined): Check[] {
  const cert = leafCertificate(signature);
  return [...checkSignature(xml, signature, cert), ...checkCertificate(signature, cert, issueDate, trustedPem)];
}

function applicationResponseChecks(arXml: string, invoiceCufe: string | undefined, trustedDianPem: string | undefined, documentKey: string): Check[] {
  const ar = parseXml(arXml);
  const root = ar.documentElement ?? undefined;
  const signature = ownSignature(ar);
  const cert = signature ? leafCertificate(signature) : undefined;
  const response = path(root, cac('DocumentResponse'));
  const code = text(path(response, cac('Response'), cbc('ResponseCode')));
  const cufe = text(path(response, cac('DocumentReference'), cbc('UUID')));
  const sender = text(path(root, cac('SenderParty'), cac('PartyTaxScheme'), cbc('CompanyID')));
  return [
    ...(signature ? checkSignature(arXml, signature, cert) : [{ name: 'signature', ok: false, detail: 'no ds:Signature' }]),
    cert ? { name: 'certificate', ok: true, detail: cert.subject.replace(/\n/g, ', ') } : { name: 'certificate', ok: false, detail: 'no X509Certificate in KeyInfo' },
    ...(cert ? [checkChain(cert, trustedDianPem, '--trusted-dian')] : []),
    { name: 'sender is DIAN (NIT 800197268)', ok: sender === '800197268', detail: sender ?? 'no SenderParty CompanyID' },
    { name: 'ResponseCode 02 (validated)', ok: code === '02', detail: code ?? 'none' },
    { name: `speaks of ${documentKey}`, ok: !!cufe && cufe === invoiceCufe, detail: short(cufe) },
  ];
}

/** The document's own signature: a ds:Signature under the root's UBLExtensions (embedded documents are text, not elements). */
function ownSignature(doc: Document): Element | undefined {
  const all = doc.getElementsByTagNameNS(NS.ds, 'Signature');
  return all.length === 1 ? (all.item(0) ?? undefined) : undefined;
}

const prefixed = (prefix: string) => (c: Check): Check => ({ ...c, name: `${prefix}: ${c.name}` });
const short = (cufe: string | undefined) => (cufe ? `${cufe.slice(0, 16)}…` : 'none');

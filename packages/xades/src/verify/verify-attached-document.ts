import type { Document, Element } from '@xmldom/xmldom';
import {
  parseXmlTree,
  readApplicationResponse,
  readAttachedDocument,
  readDocumentHead,
  UnexpectedDocumentError,
} from '@fe/dian-xml';
import { checkCertificate, checkChain, leafCertificate } from './check-certificate.ts';
import { checkSignature } from './check-signature.ts';
import { documentKind } from './document-kind.ts';
import { NS, parseXml } from './dom.ts';
import type { Check, VerificationReport } from './report.ts';
import { verifySignedInvoice, type VerifyOptions } from './verify-signed-invoice.ts';

export type AttachedDocumentVerifyOptions = VerifyOptions & {
  /**
   * PEM of DIAN's certificate (or its CA) for the ApplicationResponse's signature; without it the signature is checked
   * against its own KeyInfo only.
   */
  trustedDianPem?: string;
};

/** True when the document's root is a UBL AttachedDocument (`fe verify` then checks the three signatures). */
export function isAttachedDocument(xml: string): boolean {
  try {
    return parseXmlTree(xml).localName === 'AttachedDocument';
  } catch {
    return false; // the invoice verifier reports what is wrong with it
  }
}

/**
 * What a buyer or auditor checks on what arrived (annex §9.1): the container's signature, the signed invoice, DIAN's
 * ApplicationResponse, and that the container's references agree with both.
 */
export function verifyAttachedDocument(xml: string, options: AttachedDocumentVerifyOptions = {}): VerificationReport {
  let checks: Check[];
  try {
    // The DOM serves the signature checks alone (xml-crypto needs one); the fields are read as everywhere else.
    const signature = ownSignature(parseXml(xml));
    const attached = otherwiseNothing(() => readAttachedDocument(xml));
    const own = signature
      ? containerSignature(signature, attached.issueDate, options.trustedPem)
      : [{ name: 'signature', ok: false, detail: 'no ds:Signature of its own' }];
    const invoiceXml = attached.documentXml?.trim() || undefined;
    const arXml = attached.applicationResponseXml?.trim() || undefined;
    const referencedCufe = attached.documentKey;
    const invoice = invoiceXml
      ? verifySignedInvoice(invoiceXml, options)
      : { valid: false, checks: [{ name: 'document', ok: false, detail: 'no embedded invoice' }] };
    const embedded = invoiceXml ? readDocumentHead(parseXmlTree(invoiceXml)) : undefined;
    const invoiceCufe = embedded?.key;
    // A note's container holds a CreditNote or DebitNote keyed by its CUDE: say so on every line.
    const { label, key } = (embedded && documentKind(embedded.root)) ?? { label: 'invoice', key: 'CUFE' };
    checks = [
      ...own.map(prefixed('AttachedDocument')),
      ...invoice.checks.map(prefixed(label)),
      {
        name: `AttachedDocument → ${label}`,
        ok: !!invoiceCufe && invoiceCufe === referencedCufe,
        detail: `the container names ${key} ${short(referencedCufe)}, the ${label} carries ${short(invoiceCufe)}`,
      },
      ...(arXml
        ? applicationResponseChecks(arXml, invoiceCufe, options.trustedDianPem, `the ${label}'s ${key}`)
        : [{ name: 'document', ok: false, detail: 'no embedded ApplicationResponse' }]
      ).map(prefixed('DIAN ApplicationResponse')),
    ];
  } catch (error) {
    checks = [
      {
        name: 'document',
        ok: false,
        detail: `not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : 'parse error'}`,
      },
    ];
  }
  return { valid: checks.every((c) => c.ok !== false), checks };
}

/**
 * DIAN's stored ApplicationResponse on its own (`fe audit verify`). Without `trustedDianPem` an answer forged and
 * signed with any other key verifies, so the 'chain' check needs it.
 */
export function verifyApplicationResponseSignature(arXml: string, trustedDianPem?: string): VerificationReport {
  let checks: Check[];
  try {
    const signature = ownSignature(parseXml(arXml));
    const cert = signature ? leafCertificate(signature) : undefined;
    checks = signature
      ? checkSignature(signature, cert)
      : [{ name: 'signature', ok: false, detail: 'no ds:Signature' }];
    if (trustedDianPem !== undefined)
      checks.push(
        cert
          ? checkChain(cert, trustedDianPem, '--trusted-dian')
          : { name: 'chain', ok: false, detail: 'no X509Certificate in KeyInfo' },
      );
  } catch (error) {
    checks = [
      {
        name: 'document',
        ok: false,
        detail: `not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : 'parse error'}`,
      },
    ];
  }
  return { valid: checks.every((c) => c.ok !== false), checks };
}

function containerSignature(
  signature: Element,
  issueDate: string | undefined,
  trustedPem: string | undefined,
): Check[] {
  const cert = leafCertificate(signature);
  return [...checkSignature(signature, cert), ...checkCertificate(signature, cert, issueDate, trustedPem)];
}

function applicationResponseChecks(
  arXml: string,
  invoiceCufe: string | undefined,
  trustedDianPem: string | undefined,
  documentKey: string,
): Check[] {
  const signature = ownSignature(parseXml(arXml));
  const cert = signature ? leafCertificate(signature) : undefined;
  const {
    responseCode: code,
    documentKey: cufe,
    senderNit: sender,
  } = otherwiseNothing(() => readApplicationResponse(arXml));
  return [
    ...(signature ? checkSignature(signature, cert) : [{ name: 'signature', ok: false, detail: 'no ds:Signature' }]),
    cert
      ? { name: 'certificate', ok: true, detail: cert.subject.replace(/\n/g, ', ') }
      : { name: 'certificate', ok: false, detail: 'no X509Certificate in KeyInfo' },
    ...(cert ? [checkChain(cert, trustedDianPem, '--trusted-dian')] : []),
    {
      name: 'sender is DIAN (NIT 800197268)',
      ok: sender === '800197268',
      detail: sender ?? 'no SenderParty CompanyID',
    },
    { name: 'ResponseCode 02 (validated)', ok: code === '02', detail: code ?? 'none' },
    { name: `speaks of ${documentKey}`, ok: !!cufe && cufe === invoiceCufe, detail: short(cufe) },
  ];
}

/**
 * The document's own signature: a ds:Signature under the root's UBLExtensions (embedded documents are text, not
 * elements).
 */
function ownSignature(doc: Document): Element | undefined {
  const all = doc.getElementsByTagNameNS(NS.ds, 'Signature');
  return all.length === 1 ? (all.item(0) ?? undefined) : undefined;
}

/** Another root than the one expected: every field is missing, and the checks that need them fail. */
function otherwiseNothing<T extends object>(read: () => T): Partial<T> {
  try {
    return read();
  } catch (error) {
    if (error instanceof UnexpectedDocumentError) return {};
    throw error;
  }
}

const prefixed =
  (prefix: string) =>
  (c: Check): Check => ({ ...c, name: `${prefix}: ${c.name}` });
const short = (cufe: string | undefined) => (cufe ? `${cufe.slice(0, 16)}…` : 'none');

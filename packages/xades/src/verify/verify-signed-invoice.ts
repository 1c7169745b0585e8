import { checkCertificate, leafCertificate } from './check-certificate.ts';
import { checkCufe } from './check-cufe.ts';
import { checkSignature } from './check-signature.ts';
import { documentCheck } from './document-kind.ts';
import { parseXmlTree, readDocumentHead } from '@fe/dian-xml';
import { NS, parseXml } from './dom.ts';
import type { Check, VerificationReport } from './report.ts';

export type VerifyOptions = {
  /** PEM bundle of trusted CA certificates; without it the chain is reported as not checked. */
  trustedPem?: string;
  /**
   * The range's technical key (ClTec): when given, the CUFE is recomputed. For a credit or debit note, the software
   * PIN: its CUDE is recomputed.
   */
  technicalKey?: string;
};

/**
 * `fe verify`'s engine, on a DOM with xml-crypto's C14N so it stays independent of the signer's string path.
 * Valid only when no check failed; skipped checks do not fail it.
 */
export function verifySignedInvoice(xml: string, options: VerifyOptions = {}): VerificationReport {
  let checks: Check[];
  try {
    const doc = parseXml(xml);
    const signatures = doc.getElementsByTagNameNS(NS.ds, 'Signature');
    const signature = signatures.item(0);
    if (signatures.length !== 1 || !signature) {
      checks = [{ name: 'signature', ok: false, detail: `${signatures.length} ds:Signature elements (expected 1)` }];
    } else {
      const cert = leafCertificate(signature);
      // The DOM serves the signature check alone (xml-crypto needs one); the fields are read as everywhere else.
      const head = readDocumentHead(parseXmlTree(xml));
      checks = [
        documentCheck(head),
        ...checkSignature(signature, cert),
        ...checkCertificate(signature, cert, head.issueDate, options.trustedPem),
        checkCufe(head, options.technicalKey),
      ];
    }
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

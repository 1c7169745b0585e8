import { createHash, type X509Certificate } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { DIAN_POLICY, DIGEST_URI, type DigestAlgorithm } from '../signing/algorithms.ts';
import { childElements, NS, path, text } from './dom.ts';
import { anchorsOf, certificateOf, judgedOnce } from './certificate-cache.ts';
import type { Check } from './report.ts';

export function leafCertificate(signature: Element): X509Certificate | undefined {
  const b64 = text(path(signature, [NS.ds, 'KeyInfo'], [NS.ds, 'X509Data'], [NS.ds, 'X509Certificate']));
  try {
    return b64 ? certificateOf(b64) : undefined;
  } catch {
    return undefined;
  }
}

/** The signing certificate against the XAdES properties, the signing time and (optionally) a trusted CA. */
export function checkCertificate(
  signature: Element,
  cert: X509Certificate | undefined,
  issueDate: string | undefined,
  trustedPem: string | undefined,
): Check[] {
  if (!cert) return [{ name: 'certificate', ok: false, detail: 'no X509Certificate in KeyInfo' }];
  const props = path(
    signature,
    [NS.ds, 'Object'],
    [NS.xades, 'QualifyingProperties'],
    [NS.xades, 'SignedProperties'],
    [NS.xades, 'SignedSignatureProperties'],
  );
  const signingTimeText = text(path(props, [NS.xades, 'SigningTime']));
  const signingTime = signingTimeText ? new Date(signingTimeText) : undefined;
  const from = new Date(cert.validFrom);
  const to = new Date(cert.validTo);
  const inValidity = !!signingTime && signingTime >= from && signingTime <= to;
  const checks: Check[] = [
    {
      name: 'certificate',
      ok: true,
      detail: `${cert.subject.replace(/\n/g, ', ')}; serial ${BigInt(`0x${cert.serialNumber}`)}`,
    },
    {
      name: 'certificate validity at SigningTime',
      ok: inValidity,
      detail: `${signingTimeText ?? 'no SigningTime'} in ${from.toISOString()} .. ${to.toISOString()}`,
    },
    {
      name: 'SigningTime date = cbc:IssueDate (FAD09e)',
      ok: !!signingTimeText && /-05:00$/.test(signingTimeText) && signingTimeText.slice(0, 10) === issueDate,
      detail: `${signingTimeText?.slice(0, 10) ?? '-'} vs ${issueDate ?? '-'}`,
    },
  ];

  const certs = childElements(path(props, [NS.xades, 'SigningCertificate']) ?? props ?? signature, NS.xades, 'Cert');
  const first = certs[0];
  const uri = path(first, [NS.xades, 'CertDigest'], [NS.ds, 'DigestMethod'])?.getAttribute('Algorithm');
  const algorithm = (Object.keys(DIGEST_URI) as DigestAlgorithm[]).find((a) => DIGEST_URI[a] === uri);
  const digestOk =
    !!algorithm &&
    createHash(algorithm).update(cert.raw).digest('base64') ===
      text(path(first, [NS.xades, 'CertDigest'], [NS.ds, 'DigestValue']));
  const serialOk =
    text(path(first, [NS.xades, 'IssuerSerial'], [NS.ds, 'X509SerialNumber'])) ===
    BigInt(`0x${cert.serialNumber}`).toString();
  checks.push({
    name: 'SigningCertificate',
    ok: digestOk && serialOk,
    detail: `${certs.length} cert(s); leaf digest ${digestOk ? 'matches' : 'differs'}, serial ${serialOk ? 'matches' : 'differs'}`,
  });

  const policy = path(props, [NS.xades, 'SignaturePolicyIdentifier'], [NS.xades, 'SignaturePolicyId']);
  const policyUrl = text(path(policy, [NS.xades, 'SigPolicyId'], [NS.xades, 'Identifier']));
  const policyHash = text(path(policy, [NS.xades, 'SigPolicyHash'], [NS.ds, 'DigestValue']));
  const policyOk = policyUrl === DIAN_POLICY.url && Object.values(DIAN_POLICY.hash).includes(policyHash ?? '');
  checks.push({
    name: 'signature policy',
    ok: policyOk,
    detail: `${policyUrl ?? 'none'} (hash ${policyOk ? 'is DIAN v2' : 'unexpected'})`,
  });

  checks.push(checkChain(cert, trustedPem, '--trusted'));
  return checks;
}

/** Whether `cert` is issued by (or is) one of the PEM certificates in `trustedPem`; skipped without it. */
export function checkChain(cert: X509Certificate, trustedPem: string | undefined, option: string): Check {
  if (trustedPem === undefined) return { name: 'chain', ok: null, detail: `not checked (no ${option})` };
  return { ...judgedOnce(cert, trustedPem, () => chainTo(cert, anchorsOf(trustedPem))) };
}

function chainTo(cert: X509Certificate, trusted: readonly X509Certificate[]): Check {
  // A pinned certificate (e.g. DIAN's own, given with --trusted-dian) is trusted as itself.
  if (trusted.some((t) => t.fingerprint256 === cert.fingerprint256))
    return { name: 'chain', ok: true, detail: 'is a trusted certificate' };
  const issuer = trusted.find((ca) => cert.checkIssued(ca) && cert.verify(ca.publicKey));
  return {
    name: 'chain',
    ok: !!issuer,
    detail: issuer ? `issued by ${issuer.subject.replace(/\n/g, ', ')}` : 'not issued by a trusted certificate',
  };
}

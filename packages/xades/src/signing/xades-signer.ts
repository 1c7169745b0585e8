import { createHash, randomUUID, sign, type KeyObject } from 'node:crypto';
import { colombiaDateTime } from '@fe/dian-domain/primitives';
import type { SigningCredential } from '../certificates/credential.ts';
import { assertValidAt } from '../certificates/validity.ts';
import type { DigestAlgorithm } from './algorithms.ts';
import { readLayout } from './document-layout.ts';
import {
  keyInfoXml,
  signedInfoXml,
  signedPropertiesXml,
  signingCertificateXml,
  type SignatureIds,
} from './signature-parts.ts';

export type SignOptions = {
  /** The issue instant: SigningTime's date must equal cbc:IssueDate (FAD09e). */
  signingTime: Date;
  /** Digest and RSA hash; DIAN accepts sha256 (default), sha384 and sha512. */
  algorithm?: DigestAlgorithm;
  /** xades:ClaimedRole: 'supplier' when the issuer signs, 'third party' for a technology provider. */
  role?: 'supplier' | 'third party';
  /** `xmldsig-<uuid>` ids derive from it; random when absent (tests pass one for stable output). */
  uuid?: string;
};

export type SignedDocument = { xml: string; signatureId: string; signingTime: string };

// The empty extension the enveloped-signature transform leaves behind once ds:Signature is removed.
const OPEN_SLOT = '<ext:UBLExtension><ext:ExtensionContent>';
const CLOSE_SLOT = '</ext:ExtensionContent></ext:UBLExtension>';

/**
 * XAdES-EPES per DIAN's policy v2 over a canonical document (document-layout.ts): a few hashes and one RSA
 * operation, no DOM.
 *
 *   const { xml } = createXadesSigner(loadP12(p12, password, now)).sign(built.xml, { signingTime: issuedAt });
 */
export function createXadesSigner(credential: SigningCredential) {
  const leaf = credential.chain[0];
  const leafBase64 = Buffer.from(leaf.der).toString('base64');
  const signingCertificates = new Map<DigestAlgorithm, string>();
  const signingCertificate = (algorithm: DigestAlgorithm) => {
    let xml = signingCertificates.get(algorithm);
    if (xml === undefined)
      signingCertificates.set(algorithm, (xml = signingCertificateXml(credential.chain, algorithm)));
    return xml;
  };

  /** Everything but the RSA operation: what it signs, and how its value completes the document. */
  const prepare = (xml: string, options: SignOptions) => {
    const algorithm = options.algorithm ?? 'sha256';
    assertValidAt(leaf, options.signingTime);
    const { bodyStart, bodyEnd, slot, namespaces } = readLayout(xml);
    const signature = `xmldsig-${options.uuid ?? randomUUID()}`;
    const ids: SignatureIds = {
      signature,
      keyInfo: `${signature}-keyinfo`,
      signedProperties: `${signature}-signedprops`,
    };
    const properties = {
      signingTime: colombiaDateTime(options.signingTime).isoMillis, // same date as cbc:IssueDate (FAD09e)
      signingCertificate: signingCertificate(algorithm),
      algorithm,
      role: options.role ?? 'supplier',
    };

    const digest = (text: string) => createHash(algorithm).update(text).digest('base64');
    const documentDigest = createHash(algorithm)
      .update(xml.slice(bodyStart, slot))
      .update(OPEN_SLOT)
      .update(CLOSE_SLOT)
      .update(xml.slice(slot, bodyEnd))
      .digest('base64');
    const digests = {
      document: documentDigest,
      keyInfo: digest(keyInfoXml(namespaces, ids, leafBase64)),
      signedProperties: digest(signedPropertiesXml(namespaces, ids, properties)),
    };
    const signedInfo = Buffer.from(signedInfoXml(namespaces, ids, algorithm, digests));
    const finish = (value: Buffer): SignedDocument => {
      const signatureXml =
        `<ds:Signature Id="${signature}">${signedInfoXml('', ids, algorithm, digests)}` +
        `<ds:SignatureValue Id="${signature}-sigvalue">${value.toString('base64')}</ds:SignatureValue>` +
        keyInfoXml('', ids, leafBase64) +
        `<ds:Object><xades:QualifyingProperties Target="#${signature}">${signedPropertiesXml('', ids, properties)}` +
        '</xades:QualifyingProperties></ds:Object></ds:Signature>';
      return {
        xml: xml.slice(0, slot) + OPEN_SLOT + signatureXml + CLOSE_SLOT + xml.slice(slot),
        signatureId: signature,
        signingTime: properties.signingTime,
      };
    };
    return { algorithm, signedInfo, finish };
  };

  return {
    sign(xml: string, options: SignOptions): SignedDocument {
      const { algorithm, signedInfo, finish } = prepare(xml, options);
      return finish(sign(algorithm, signedInfo, credential.privateKey));
    },
    /** sign with the RSA operation on libuv's thread pool: for a caller on an event loop that serves requests. */
    async signOffThread(xml: string, options: SignOptions): Promise<SignedDocument> {
      const { algorithm, signedInfo, finish } = prepare(xml, options);
      return finish(await signOnThreadPool(algorithm, signedInfo, credential.privateKey));
    },
  };
}

const signOnThreadPool = (algorithm: string, data: Buffer, key: KeyObject) =>
  new Promise<Buffer>((resolve, reject) =>
    sign(algorithm, data, key, (error, value) => (error ? reject(error) : resolve(value))),
  );

export type XadesSigner = ReturnType<typeof createXadesSigner>;

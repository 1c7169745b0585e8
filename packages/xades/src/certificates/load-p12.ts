import { createPrivateKey } from 'node:crypto';
import forge from 'node-forge';
import { XadesError } from '../errors.ts';
import { assertValidAt } from './validity.ts';
import type { ChainCertificate, SigningCredential } from './credential.ts';
import { chainCertificate } from './certificate-chain.ts';
import { assertP12IterationsWithinLimit } from './p12-iterations.ts';

const MIN_RSA_BITS = 2048;

/**
 * Opens a .p12 with node-forge (legacy RC2/3DES ones too, which Node refuses and Colombian CAs still issue),
 * checks DIAN's policy at `at`, and returns a Node KeyObject: forge is never used for signing. Its key derivations
 * take up to seconds of CPU (a file over the iteration limit is refused before any): a server calls it off its event
 * loop, through createP12Loader.
 */
export function loadP12(p12: Uint8Array, password: string, at: Date): SigningCredential {
  assertP12IterationsWithinLimit(p12);
  const pfx = openPfx(p12, password);
  const key = privateKeyOf(pfx);
  const certs = bagsOf(pfx, forge.pki.oids.certBag ?? '').flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const leaf = certs.find((cert) => (cert.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!leaf) throw new XadesError('P12_NO_CERTIFICATE');

  const chain = orderChain(leaf, certs).map(toChainCertificate);
  assertValidAt(chain[0]!, at);
  checkKeyUsage(leaf);
  const bits = key.n.bitLength();
  if (bits < MIN_RSA_BITS) throw new XadesError('CERT_KEY_TOO_SMALL', `${bits} bits`);

  const pkcs1 = forge.asn1.toDer(forge.pki.privateKeyToAsn1(key)).getBytes();
  const privateKey = createPrivateKey({ key: Buffer.from(pkcs1, 'binary'), format: 'der', type: 'pkcs1' });
  return { privateKey, chain: chain as [ChainCertificate, ...ChainCertificate[]] };
}

function openPfx(p12: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(Buffer.from(p12).toString('binary'));
  } catch {
    throw new XadesError('P12_UNREADABLE');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge reports a failed MAC check as "…MAC could not be verified. Invalid password?"; any other
    // failure is a format it cannot read. Its message is not passed on: it could echo input bytes.
    if (error instanceof Error && /Invalid password/.test(error.message)) throw new XadesError('P12_WRONG_PASSWORD');
    throw new XadesError('P12_UNREADABLE');
  }
}

function bagsOf(pfx: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return pfx.getBags({ bagType })[bagType] ?? [];
}

function privateKeyOf(pfx: forge.pkcs12.Pkcs12Pfx): forge.pki.rsa.PrivateKey {
  const bags = [...bagsOf(pfx, forge.pki.oids.pkcs8ShroudedKeyBag ?? ''), ...bagsOf(pfx, forge.pki.oids.keyBag ?? '')];
  if (bags.length === 0) throw new XadesError('P12_NO_PRIVATE_KEY');
  const key = bags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new XadesError('P12_UNREADABLE', 'the private key is not RSA'); // forge decodes RSA only
  return key;
}

/** Leaf first, then each issuer found in the file, up to a self-signed root. Extra certs are dropped. */
function orderChain(leaf: forge.pki.Certificate, certs: forge.pki.Certificate[]): forge.pki.Certificate[] {
  const chain = [leaf];
  for (let current = leaf; chain.length <= certs.length;) {
    if (current.subject.hash === current.issuer.hash) break;
    const issuer = certs.find((c) => c.subject.hash === current.issuer.hash && !chain.includes(c));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

function checkKeyUsage(cert: forge.pki.Certificate): void {
  // DIAN's policy asks for Digital Signature and Non Repudiation; a certificate without the
  // extension does not state them, so it is refused too.
  const usage = cert.getExtension('keyUsage') as { digitalSignature?: boolean; nonRepudiation?: boolean } | null;
  if (!usage?.digitalSignature) throw new XadesError('CERT_NO_DIGITAL_SIGNATURE');
  if (!usage.nonRepudiation) throw new XadesError('CERT_NO_NON_REPUDIATION');
}

function toChainCertificate(cert: forge.pki.Certificate): ChainCertificate {
  return chainCertificate(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'));
}

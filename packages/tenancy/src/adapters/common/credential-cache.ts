import { loadP12, XadesError, type ChainCertificate, type SigningCredential } from '@fe/xades';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { openCertificate, type SealedCertificate } from './sealed-secrets.ts';

/**
 * Loaded credentials per tenant and upload generation, since loadP12's decryption is too slow for every invoice; a
 * newer generation in storage is loaded instead.
 */
export class CredentialCache {
  private readonly box: SecretBox;
  private readonly cache = new Map<string, { generation: number; credential: SigningCredential }>();

  constructor(box: SecretBox) {
    this.box = box;
  }

  /**
   * The credential for the stored `generation` (undefined: none stored) at `at`: XadesError
   * (CERT_EXPIRED, …) when it does not qualify then. `readSealed` is called only on a cache miss.
   */
  async credential(
    tenantId: string,
    generation: number | undefined,
    at: Date,
    readSealed: () => Promise<SealedCertificate | undefined>,
  ): Promise<SigningCredential | undefined> {
    if (generation === undefined) {
      this.cache.delete(tenantId);
      return undefined;
    }
    const cached = this.cache.get(tenantId);
    if (cached && cached.generation === generation) {
      assertValidAt(cached.credential.chain[0], at);
      return cached.credential;
    }
    const sealed = await readSealed();
    if (!sealed) return undefined;
    const { p12, password } = openCertificate(this.box, tenantId, sealed);
    const credential = loadP12(p12, password, at);
    this.cache.set(tenantId, { generation: sealed.generation, credential });
    return credential;
  }

  forget(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}

/** The validity check loadP12 makes, repeated on a cached credential for each new instant. */
function assertValidAt(leaf: ChainCertificate, at: Date): void {
  if (at.getTime() < leaf.notBefore.getTime())
    throw new XadesError('CERT_NOT_YET_VALID', `valid from ${leaf.notBefore.toISOString()}`);
  if (at.getTime() > leaf.notAfter.getTime())
    throw new XadesError('CERT_EXPIRED', `expired ${leaf.notAfter.toISOString()}`);
}

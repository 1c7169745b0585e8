import {
  XadesError,
  type ChainCertificate,
  type P12Loader,
  type RevocationChecker,
  type RevocationStatus,
  type SigningCredential,
} from '@fe/xades';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { openCertificate, type SealedCertificate } from './sealed-secrets.ts';

type Entry = { generation: number; credential: Promise<SigningCredential | undefined> };

/**
 * Loaded credentials per tenant and upload generation: each stored .p12 has its keys derived once per process (on the
 * loader's worker, never on this loop), however many invoices ask at once; a newer generation in storage is loaded
 * instead. Each use asks `revocation` too, whose own cache keeps its answers (docs/signing.md, "Revocation").
 */
export class CredentialCache {
  private readonly box: SecretBox;
  private readonly loader: P12Loader;
  private readonly revocation: RevocationChecker;
  private readonly cache = new Map<string, Entry>();
  /** Each tenant's last revocation answer: what readiness and the portal show without asking the CA again. */
  private readonly revocations = new Map<string, RevocationStatus>();

  constructor(box: SecretBox, loader: P12Loader, revocation: RevocationChecker) {
    this.box = box;
    this.loader = loader;
    this.revocation = revocation;
  }

  /**
   * The credential for the stored `generation` (undefined: none stored) at `at`: XadesError
   * (CERT_EXPIRED, CERT_REVOKED, …) when it does not qualify then. `readSealed` is called only on a cache miss.
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
    let entry = this.cache.get(tenantId);
    if (!entry || entry.generation !== generation) {
      // Set before the first await: every caller that arrives during the load shares it.
      const current: Entry = { generation, credential: this.load(tenantId, readSealed) };
      this.cache.set(tenantId, current);
      const drop = () => {
        if (this.cache.get(tenantId) === current) this.cache.delete(tenantId);
      };
      // A refusal about the file itself is kept (never derived again); a timeout or a vanished row is retried.
      current.credential.then(
        (credential) => credential ?? drop(),
        (error: unknown) => (error instanceof XadesError && error.code !== 'P12_LOAD_TIMEOUT' ? undefined : drop()),
      );
      entry = current;
    }
    const credential = await entry.credential;
    if (credential) {
      assertValidAt(credential.chain[0], at);
      this.revocations.set(tenantId, await this.revocation.status(credential.chain));
      await this.assertNotRevoked(credential);
    }
    return credential;
  }

  /**
   * The revocation status of the credential `load` gives (the adapter's credential()): undefined without one;
   * `revoked` rather than CERT_REVOKED; its other refusals (CERT_EXPIRED, …) thrown.
   */
  async revocationOf(
    tenantId: string,
    load: () => Promise<SigningCredential | undefined>,
  ): Promise<RevocationStatus | undefined> {
    try {
      if (!(await load())) return undefined;
    } catch (error) {
      if (!(error instanceof XadesError) || error.code !== 'CERT_REVOKED') throw error;
    }
    return this.revocations.get(tenantId);
  }

  /** XadesError CERT_REVOKED (DIAN's ZD04) when the certificate's CA says it is revoked; an unreachable CA passes. */
  async assertNotRevoked(credential: SigningCredential): Promise<void> {
    await this.revocation.assertNotRevoked(credential.chain);
  }

  /** The credential just checked at upload, for `generation`: the first invoice after it derives nothing. */
  remember(tenantId: string, generation: number, credential: SigningCredential): void {
    this.cache.set(tenantId, { generation, credential: Promise.resolve(credential) });
  }

  private async load(
    tenantId: string,
    readSealed: () => Promise<SealedCertificate | undefined>,
  ): Promise<SigningCredential | undefined> {
    const sealed = await readSealed();
    if (!sealed) return undefined;
    const { p12, password } = openCertificate(this.box, tenantId, sealed);
    return this.loader.load(p12, password, ANY_INSTANT);
  }
}

// An Invalid Date passes loadP12's validity check (every comparison with NaN is false): validity is judged per call
// below, so one loaded credential serves every instant and an expired one is not derived again for each invoice.
const ANY_INSTANT = new Date(Number.NaN);

/** The validity check loadP12 makes, repeated on a cached credential for each new instant. */
function assertValidAt(leaf: ChainCertificate, at: Date): void {
  if (at.getTime() < leaf.notBefore.getTime())
    throw new XadesError('CERT_NOT_YET_VALID', `valid from ${leaf.notBefore.toISOString()}`);
  if (at.getTime() > leaf.notAfter.getTime())
    throw new XadesError('CERT_EXPIRED', `expired ${leaf.notAfter.toISOString()}`);
}

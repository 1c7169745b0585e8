import {
  assertValidAt,
  chainFromPem,
  chainToPem,
  XadesError,
  type CertificateChain,
  type P12Loader,
  type RevocationChecker,
  type RevocationStatus,
  type SigningCredential,
} from '@fe/xades';
import type { StoredCertificateChain } from '../../ports/tenant-registry.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { openCertificate, type SealedCertificate } from './sealed-secrets.ts';

/** One tenant's certificate row as an adapter reads and completes it. */
export type CertificateRow = {
  /** The sealed .p12 and its password (read only when a key must be derived). */
  readSealed(): Promise<SealedCertificate | undefined>;
  /** The stored generation and its public chain; `chainPem` null for an upload made before chains were kept. */
  readChain(): Promise<{ generation: number; chainPem: string | null } | undefined>;
  /** Keeps `chainPem` for `generation`, unless another upload replaced it or its chain is already there. */
  writeChain(generation: number, chainPem: string): Promise<void>;
};

type Entry<T> = { generation: number; value: Promise<T | undefined> };

/**
 * Loaded credentials and public chains per tenant and upload generation. Each stored .p12 has its keys derived once
 * per process (on the loader's worker, never on this loop), however many invoices ask at once. What needs only the
 * certificates (expiry, revocation, the demo's CA) reads the chain kept beside the sealed file and derives nothing;
 * an upload older than that chain has it derived once and stored, so once per tenant ever. Revocation answers are
 * the checker's own cache (docs/signing.md, "Revocation").
 */
export class CredentialCache {
  private readonly box: SecretBox;
  private readonly loader: P12Loader;
  private readonly revocation: RevocationChecker;
  private readonly credentials = new Map<string, Entry<SigningCredential>>();
  private readonly chains = new Map<string, Entry<StoredCertificateChain>>();

  constructor(box: SecretBox, loader: P12Loader, revocation: RevocationChecker) {
    this.box = box;
    this.loader = loader;
    this.revocation = revocation;
  }

  /**
   * The credential for the stored `generation` (undefined: none stored) at `at`: XadesError
   * (CERT_EXPIRED, CERT_REVOKED, …) when it does not qualify then. The row is read only on a cache miss.
   */
  async credential(
    tenantId: string,
    generation: number | undefined,
    at: Date,
    row: CertificateRow,
  ): Promise<SigningCredential | undefined> {
    const credential = await this.loaded(tenantId, generation, row);
    if (credential) {
      assertValidAt(credential.chain[0], at);
      await this.assertNotRevoked(credential.chain);
    }
    return credential;
  }

  /** The stored chain of `generation` (undefined: none stored), never deriving a key once it is kept. */
  chain(
    tenantId: string,
    generation: number | undefined,
    row: CertificateRow,
  ): Promise<StoredCertificateChain | undefined> {
    return cached(this.chains, tenantId, generation, () => this.readChain(tenantId, row), isFileRefusal);
  }

  /**
   * Where the stored certificate stands with its CA at `at`, from its chain alone: undefined without one; `revoked`
   * rather than CERT_REVOKED; CERT_EXPIRED or CERT_NOT_YET_VALID thrown.
   */
  async revocationOf(stored: StoredCertificateChain | undefined, at: Date): Promise<RevocationStatus | undefined> {
    if (!stored) return undefined;
    assertValidAt(stored.chain[0], at);
    return this.revocation.status(stored.chain);
  }

  /** XadesError CERT_REVOKED (DIAN's ZD04) when the certificate's CA says it is revoked; an unreachable CA passes. */
  async assertNotRevoked(chain: CertificateChain): Promise<void> {
    await this.revocation.assertNotRevoked(chain);
  }

  /** The credential just checked at upload, for `generation`: the first invoice after it derives nothing. */
  remember(tenantId: string, generation: number, credential: SigningCredential): void {
    this.credentials.set(tenantId, { generation, value: Promise.resolve(credential) });
    this.chains.set(tenantId, { generation, value: Promise.resolve({ generation, chain: credential.chain }) });
  }

  private loaded(
    tenantId: string,
    generation: number | undefined,
    row: CertificateRow,
  ): Promise<SigningCredential | undefined> {
    return cached(this.credentials, tenantId, generation, () => this.load(tenantId, row), isFileRefusal);
  }

  private async load(tenantId: string, row: CertificateRow): Promise<SigningCredential | undefined> {
    const sealed = await row.readSealed();
    if (!sealed) return undefined;
    const { p12, password } = openCertificate(this.box, tenantId, sealed);
    return this.loader.load(p12, password, ANY_INSTANT);
  }

  private async readChain(tenantId: string, row: CertificateRow): Promise<StoredCertificateChain | undefined> {
    const stored = await row.readChain();
    if (!stored) return undefined;
    const { generation, chainPem } = stored;
    if (chainPem !== null) return { generation, chain: chainFromPem(chainPem) };
    // Uploaded before chains were kept: derived once (shared with any invoice loading it now), then kept.
    const credential = await this.loaded(tenantId, generation, row);
    if (!credential) return undefined;
    await row.writeChain(generation, chainToPem(credential.chain));
    return { generation, chain: credential.chain };
  }
}

/**
 * The value for `generation` in `cache`, loaded once however many callers arrive meanwhile. A refusal `keep` accepts
 * (about the file itself) is kept, never loaded again; nothing stored, a timeout or a vanished row is retried.
 */
function cached<T>(
  cache: Map<string, Entry<T>>,
  tenantId: string,
  generation: number | undefined,
  load: () => Promise<T | undefined>,
  keep: (error: unknown) => boolean,
): Promise<T | undefined> {
  if (generation === undefined) {
    cache.delete(tenantId);
    return Promise.resolve(undefined);
  }
  const entry = cache.get(tenantId);
  if (entry?.generation === generation) return entry.value;
  // Set before the first await: every caller that arrives during the load shares it.
  const current: Entry<T> = { generation, value: load() };
  cache.set(tenantId, current);
  const drop = () => {
    if (cache.get(tenantId) === current) cache.delete(tenantId);
  };
  current.value.then(
    (value) => value ?? drop(),
    (error: unknown) => (keep(error) ? undefined : drop()),
  );
  return current.value;
}

const isFileRefusal = (error: unknown) => error instanceof XadesError && error.code !== 'P12_LOAD_TIMEOUT';

// An Invalid Date passes loadP12's validity check (every comparison with NaN is false): validity is judged per call
// above, so one loaded credential serves every instant and an expired one is not derived again for each invoice.
const ANY_INSTANT = new Date(Number.NaN);

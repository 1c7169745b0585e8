import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { immediate } from '@fe/platform';
import {
  assertCertificateOfIssuer,
  chainToPem,
  type P12Loader,
  type RevocationChecker,
  type RevocationStatus,
  type SigningCredential,
} from '@fe/xades';
import type { CertificateSummary, CertificateValidity, StoredCertificateChain } from '../ports/tenant-registry.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { BelievedGenerations } from './common/believed-generations.ts';
import { CredentialCache, type CertificateRow } from './common/credential-cache.ts';
import { certificateUpsert } from './common/certificate-upsert.ts';
import { certificateSummary, sealCertificate } from './common/sealed-secrets.ts';
import type { SealedCertificateRow } from './sqlite-schema.ts';

/**
 * The certificates table: a .p12 is checked by @fe/xades's loader (off this loop, refused with the signer's codes)
 * before it is stored sealed, its public chain beside it; the loaded credential is cached per tenant and upload
 * generation. The file is shared (the CLI, the simulator's thread): another connection's upload is served within the
 * second a generation is believed.
 */
export class SqliteCertificateStore {
  private readonly db: DatabaseSync;
  private readonly box: SecretBox;
  private readonly cache: CredentialCache;
  private readonly loader: P12Loader;
  private readonly generationOf: StatementSync;
  private readonly sealedOf: StatementSync;
  private readonly chainOf: StatementSync;
  private readonly keepChain: StatementSync;
  private readonly generations = new BelievedGenerations();

  constructor(db: DatabaseSync, box: SecretBox, loader: P12Loader, revocation: RevocationChecker) {
    this.db = db;
    this.box = box;
    this.loader = loader;
    this.cache = new CredentialCache(box, loader, revocation);
    this.generationOf = db.prepare('SELECT generation FROM certificates WHERE tenant_id = ?');
    this.sealedOf = db.prepare('SELECT generation, sealed_p12, sealed_password FROM certificates WHERE tenant_id = ?');
    this.chainOf = db.prepare('SELECT generation, chain_pem FROM certificates WHERE tenant_id = ?');
    this.keepChain = db.prepare(
      'UPDATE certificates SET chain_pem = ? WHERE tenant_id = ? AND generation = ? AND chain_pem IS NULL',
    );
  }

  /**
   * Throws XadesError when the .p12 does not qualify at `at`, or (CERT_NOT_ISSUERS, DIAN's ZE03)
   * when its certificate names none of `owners`: the tenant's NIT and its technology provider's.
   */
  async store(
    tenantId: string,
    p12: Uint8Array,
    password: string,
    at: Date,
    owners: readonly string[],
  ): Promise<CertificateSummary> {
    // Checked before the write lock is taken: node-forge's PKCS#12 decryption takes up to seconds.
    const credential = await this.loader.load(p12, password, at);
    const leaf = credential.chain[0];
    assertCertificateOfIssuer(leaf, owners);
    await this.cache.assertNotRevoked(credential.chain); // ZD04, before anything is written
    const generation = immediate(this.db, () => this.upsert(tenantId, p12, password, credential, at));
    this.cache.remember(tenantId, generation, credential);
    this.generations.learn(tenantId, generation, Date.now());
    return certificateSummary(leaf);
  }

  private upsert(tenantId: string, p12: Uint8Array, password: string, credential: SigningCredential, at: Date): number {
    const previous = this.generationOf.get(tenantId) as { generation: number } | undefined;
    const sealed = sealCertificate(this.box, tenantId, (previous?.generation ?? 0) + 1, p12, password);
    const leaf = credential.chain[0];
    this.db
      .prepare(certificateUpsert(() => '?'))
      .run(
        tenantId,
        sealed.generation,
        sealed.sealedP12,
        sealed.sealedPassword,
        chainToPem(credential.chain),
        leaf.subjectName,
        leaf.notAfter.getTime(),
        at.getTime(),
      );
    return sealed.generation;
  }

  validities(tenantId?: string): CertificateValidity[] {
    const rows = (
      tenantId === undefined
        ? this.db.prepare('SELECT tenant_id, generation, not_after FROM certificates ORDER BY tenant_id').all()
        : this.db.prepare('SELECT tenant_id, generation, not_after FROM certificates WHERE tenant_id = ?').all(tenantId)
    ) as { tenant_id: string; generation: number; not_after: number }[];
    return rows.map((r) => ({ tenantId: r.tenant_id, generation: r.generation, notAfter: new Date(r.not_after) }));
  }

  has(tenantId: string): boolean {
    return this.generationOf.get(tenantId) !== undefined;
  }

  /** The stored certificate's revocation status at `at` (the cached check), from its chain; undefined without one. */
  async revocation(tenantId: string, at: Date): Promise<RevocationStatus | undefined> {
    return this.cache.revocationOf(await this.chain(tenantId), at);
  }

  /** The public chain kept beside the sealed .p12 (derived and kept once for an older upload). */
  chain(tenantId: string): Promise<StoredCertificateChain | undefined> {
    return this.cache.chain(tenantId, this.storedGeneration(tenantId), this.row(tenantId));
  }

  /** undefined when none is stored; XadesError (CERT_EXPIRED, …) when it does not qualify at `at`. */
  credential(tenantId: string, at: Date): Promise<SigningCredential | undefined> {
    return this.cache.credential(tenantId, this.storedGeneration(tenantId), at, this.row(tenantId));
  }

  private storedGeneration(tenantId: string): number | undefined {
    const known = this.generations.fresh(tenantId);
    if (known !== undefined) return known;
    const readAt = Date.now();
    const generation = (this.generationOf.get(tenantId) as { generation: number } | undefined)?.generation;
    this.generations.learn(tenantId, generation, readAt);
    return generation;
  }

  private row(tenantId: string): CertificateRow {
    return {
      readSealed: async () => {
        const row = this.sealedOf.get(tenantId) as SealedCertificateRow | undefined;
        return row && { generation: row.generation, sealedP12: row.sealed_p12, sealedPassword: row.sealed_password };
      },
      readChain: async () => {
        const row = this.chainOf.get(tenantId) as { generation: number; chain_pem: string | null } | undefined;
        return row && { generation: row.generation, chainPem: row.chain_pem };
      },
      writeChain: async (generation, chainPem) => void this.keepChain.run(chainPem, tenantId, generation),
    };
  }
}

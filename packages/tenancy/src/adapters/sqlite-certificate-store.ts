import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { immediate } from '@fe/platform';
import {
  assertCertificateOfIssuer,
  type ChainCertificate,
  type P12Loader,
  type RevocationChecker,
  type RevocationStatus,
  type SigningCredential,
} from '@fe/xades';
import type { CertificateSummary, CertificateValidity } from '../ports/tenant-registry.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { CredentialCache } from './common/credential-cache.ts';
import { certificateSummary, sealCertificate } from './common/sealed-secrets.ts';
import type { CertificateRow } from './sqlite-schema.ts';

/**
 * The certificates table: a .p12 is checked by @fe/xades's loader (off this loop, refused with the signer's codes)
 * before it is stored sealed; the loaded credential is cached per tenant and upload generation.
 */
export class SqliteCertificateStore {
  private readonly db: DatabaseSync;
  private readonly box: SecretBox;
  private readonly cache: CredentialCache;
  private readonly loader: P12Loader;
  private readonly generationOf: StatementSync;
  private readonly sealedOf: StatementSync;

  constructor(db: DatabaseSync, box: SecretBox, loader: P12Loader, revocation: RevocationChecker) {
    this.db = db;
    this.box = box;
    this.loader = loader;
    this.cache = new CredentialCache(box, loader, revocation);
    this.generationOf = db.prepare('SELECT generation FROM certificates WHERE tenant_id = ?');
    this.sealedOf = db.prepare('SELECT generation, sealed_p12, sealed_password FROM certificates WHERE tenant_id = ?');
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
    await this.cache.assertNotRevoked(credential); // ZD04, before anything is written
    const generation = immediate(this.db, () => this.upsert(tenantId, p12, password, leaf, at));
    this.cache.remember(tenantId, generation, credential);
    return certificateSummary(leaf);
  }

  private upsert(tenantId: string, p12: Uint8Array, password: string, leaf: ChainCertificate, at: Date): number {
    const previous = this.generationOf.get(tenantId) as { generation: number } | undefined;
    const sealed = sealCertificate(this.box, tenantId, (previous?.generation ?? 0) + 1, p12, password);
    this.db
      .prepare(
        `INSERT INTO certificates (tenant_id, generation, sealed_p12, sealed_password, subject, not_after, stored_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id) DO UPDATE SET generation = excluded.generation, sealed_p12 = excluded.sealed_p12,
         sealed_password = excluded.sealed_password, subject = excluded.subject, not_after = excluded.not_after, stored_at = excluded.stored_at`,
      )
      .run(
        tenantId,
        sealed.generation,
        sealed.sealedP12,
        sealed.sealedPassword,
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

  /** The stored certificate's revocation status at `at` (the cached check); undefined when none is stored. */
  revocation(tenantId: string, at: Date): Promise<RevocationStatus | undefined> {
    return this.cache.revocationOf(tenantId, () => this.credential(tenantId, at));
  }

  /** undefined when none is stored; XadesError (CERT_EXPIRED, …) when it does not qualify at `at`. */
  credential(tenantId: string, at: Date): Promise<SigningCredential | undefined> {
    const stored = this.generationOf.get(tenantId) as { generation: number } | undefined;
    return this.cache.credential(tenantId, stored?.generation, at, async () => {
      const row = this.sealedOf.get(tenantId) as CertificateRow | undefined;
      return row && { generation: row.generation, sealedP12: row.sealed_p12, sealedPassword: row.sealed_password };
    });
  }
}

import type { AdapterPool, Queryable } from '@fe/platform-postgres';
import {
  assertCertificateOfIssuer,
  chainToPem,
  type P12Loader,
  type RevocationChecker,
  type RevocationStatus,
  type SigningCredential,
} from '@fe/xades';
import type { CertificateSummary, CertificateValidity, StoredCertificateChain } from '../../ports/tenant-registry.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { BelievedGenerations } from '../common/believed-generations.ts';
import { CredentialCache, type CertificateRow } from '../common/credential-cache.ts';
import { certificateUpsert } from '../common/certificate-upsert.ts';
import { certificateSummary, sealCertificate } from '../common/sealed-secrets.ts';

type SealedRow = { generation: number; sealed_p12: Buffer; sealed_password: Buffer };

/**
 * The certificates table on PostgreSQL: a .p12 checked by the loader (off this loop) before it is stored sealed, its
 * public chain beside it; each upload is a new generation, so another replica's upload is served at the next call.
 */
export class PostgresCertificates {
  private readonly db: AdapterPool;
  private readonly box: SecretBox;
  private readonly cache: CredentialCache;
  private readonly loader: P12Loader;
  private readonly generations = new BelievedGenerations();

  constructor(db: AdapterPool, box: SecretBox, loader: P12Loader, revocation: RevocationChecker) {
    this.db = db;
    this.box = box;
    this.loader = loader;
    this.cache = new CredentialCache(box, loader, revocation);
  }

  /**
   * Throws XadesError when the .p12 does not qualify at `at` or names none of `owners` (ZE03); `lockedTenant` runs the
   * write with the tenant's row locked.
   */
  async store(
    tenantId: string,
    p12: Uint8Array,
    password: string,
    at: Date,
    owners: readonly string[],
    lockedTenant: (write: (tx: Queryable) => Promise<void>) => Promise<void>,
  ): Promise<CertificateSummary> {
    // Checked before any lock is taken: node-forge's PKCS#12 decryption takes up to seconds.
    const credential = await this.loader.load(p12, password, at);
    const leaf = credential.chain[0];
    assertCertificateOfIssuer(leaf, owners);
    await this.cache.assertNotRevoked(credential.chain); // ZD04, before anything is written
    let generation = 0;
    await lockedTenant(async (tx) => {
      const previous = (
        await tx.query<{ generation: number }>('SELECT generation FROM certificates WHERE tenant_id = $1', [tenantId])
      ).rows[0];
      const sealed = sealCertificate(this.box, tenantId, (previous?.generation ?? 0) + 1, p12, password);
      generation = sealed.generation;
      await tx.query(
        certificateUpsert((i) => `$${i}`),
        [
          tenantId,
          sealed.generation,
          sealed.sealedP12,
          sealed.sealedPassword,
          chainToPem(credential.chain),
          leaf.subjectName,
          leaf.notAfter,
          at,
        ],
      );
    });
    this.cache.remember(tenantId, generation, credential);
    this.generations.learn(tenantId, generation, Date.now());
    return certificateSummary(leaf);
  }

  async validities(tenantId?: string): Promise<CertificateValidity[]> {
    const { rows } = await this.db.query<{ tenant_id: string; generation: number; not_after: Date }>(
      `SELECT tenant_id, generation, not_after FROM certificates${tenantId === undefined ? '' : ' WHERE tenant_id = $1'} ORDER BY tenant_id`,
      tenantId === undefined ? [] : [tenantId],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, generation: r.generation, notAfter: r.not_after }));
  }

  async has(tenantId: string): Promise<boolean> {
    return (await this.generation(tenantId)) !== undefined;
  }

  /** The stored certificate's revocation status at `at` (the cached check), from its chain; undefined without one. */
  async revocation(tenantId: string, at: Date): Promise<RevocationStatus | undefined> {
    return this.cache.revocationOf(await this.chain(tenantId), at);
  }

  /** The public chain kept beside the sealed .p12 (derived and kept once for an older upload). */
  async chain(tenantId: string): Promise<StoredCertificateChain | undefined> {
    return this.cache.chain(tenantId, await this.generation(tenantId), this.row(tenantId));
  }

  /** undefined when none is stored; XadesError (CERT_EXPIRED, …) when it does not qualify at `at`. */
  async credential(tenantId: string, at: Date): Promise<SigningCredential | undefined> {
    return this.cache.credential(tenantId, await this.generation(tenantId), at, this.row(tenantId));
  }

  private row(tenantId: string): CertificateRow {
    return {
      readSealed: async () => {
        const row = (
          await this.db.query<SealedRow>(
            'SELECT generation, sealed_p12, sealed_password FROM certificates WHERE tenant_id = $1',
            [tenantId],
          )
        ).rows[0];
        return row && { generation: row.generation, sealedP12: row.sealed_p12, sealedPassword: row.sealed_password };
      },
      readChain: async () => {
        const row = (
          await this.db.query<{ generation: number; chain_pem: string | null }>(
            'SELECT generation, chain_pem FROM certificates WHERE tenant_id = $1',
            [tenantId],
          )
        ).rows[0];
        return row && { generation: row.generation, chainPem: row.chain_pem };
      },
      writeChain: async (generation, chainPem) =>
        void (await this.db.query(
          'UPDATE certificates SET chain_pem = $1 WHERE tenant_id = $2 AND generation = $3 AND chain_pem IS NULL',
          [chainPem, tenantId, generation],
        )),
    };
  }

  private async generation(tenantId: string): Promise<number | undefined> {
    const known = this.generations.fresh(tenantId);
    if (known !== undefined) return known;
    const readAt = Date.now();
    const generation = (
      await this.db.query<{ generation: number }>('SELECT generation FROM certificates WHERE tenant_id = $1', [
        tenantId,
      ])
    ).rows[0]?.generation;
    this.generations.learn(tenantId, generation, readAt);
    return generation;
  }
}

import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { loadP12, XadesError, type ChainCertificate, type SigningCredential } from '@fe/xades';
import type { SecretBox } from '../secrets/secret-box.ts';
import { secretContext, type CertificateRow } from './sqlite-schema.ts';
import { immediate } from '@fe/platform';
import type { CertificateSummary } from '../ports/tenant-registry.ts';

/**
 * The certificates table: a .p12 is checked with @fe/xades's loadP12 before it is stored (so a
 * wrong password, a missing key, an expired or not-yet-valid certificate, a missing
 * digitalSignature or nonRepudiation usage, or RSA under 2048 bits is refused with the signer's
 * code), then kept sealed with its password. `credential` opens and loads it once per tenant and
 * upload generation: loadP12 runs node-forge's PKCS#12 decryption, too slow for every invoice.
 */
export class SqliteCertificateStore {
  private readonly db: DatabaseSync;
  private readonly box: SecretBox;
  private readonly cache = new Map<string, { generation: number; credential: SigningCredential }>();
  private readonly generationOf: StatementSync;
  private readonly sealedOf: StatementSync;

  constructor(db: DatabaseSync, box: SecretBox) {
    this.db = db;
    this.box = box;
    this.generationOf = db.prepare('SELECT generation FROM certificates WHERE tenant_id = ?');
    this.sealedOf = db.prepare('SELECT generation, sealed_p12, sealed_password FROM certificates WHERE tenant_id = ?');
  }

  /** Throws XadesError when the .p12 does not qualify at `at`. */
  store(tenantId: string, p12: Uint8Array, password: string, at: Date): CertificateSummary {
    // Checked before the write lock is taken: node-forge's PKCS#12 decryption takes tens of ms.
    const leaf = loadP12(p12, password, at).chain[0];
    immediate(this.db, () => this.upsert(tenantId, p12, password, leaf, at));
    this.cache.delete(tenantId);
    return { subjectName: leaf.subjectName, issuerName: leaf.issuerName, serialNumber: leaf.serialNumber, notBefore: leaf.notBefore, notAfter: leaf.notAfter };
  }

  private upsert(tenantId: string, p12: Uint8Array, password: string, leaf: ChainCertificate, at: Date): void {
    const previous = this.generationOf.get(tenantId) as { generation: number } | undefined;
    const generation = (previous?.generation ?? 0) + 1;
    this.db.prepare(
      `INSERT INTO certificates (tenant_id, generation, sealed_p12, sealed_password, subject, not_after, stored_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id) DO UPDATE SET generation = excluded.generation, sealed_p12 = excluded.sealed_p12,
         sealed_password = excluded.sealed_password, subject = excluded.subject, not_after = excluded.not_after, stored_at = excluded.stored_at`,
    ).run(
      tenantId, generation,
      this.box.seal(p12, secretContext.p12(tenantId, generation)),
      this.box.seal(password, secretContext.p12Password(tenantId, generation)),
      leaf.subjectName, leaf.notAfter.getTime(), at.getTime(),
    );
  }

  has(tenantId: string): boolean {
    return this.generationOf.get(tenantId) !== undefined;
  }

  /** undefined when none is stored; XadesError (CERT_EXPIRED, …) when it does not qualify at `at`. */
  credential(tenantId: string, at: Date): SigningCredential | undefined {
    const stored = this.generationOf.get(tenantId) as { generation: number } | undefined;
    if (!stored) {
      this.cache.delete(tenantId);
      return undefined;
    }
    const cached = this.cache.get(tenantId);
    if (cached && cached.generation === stored.generation) {
      assertValidAt(cached.credential.chain[0], at);
      return cached.credential;
    }
    const row = this.sealedOf.get(tenantId) as CertificateRow;
    const p12 = this.box.open(row.sealed_p12, secretContext.p12(tenantId, row.generation));
    const password = this.box.open(row.sealed_password, secretContext.p12Password(tenantId, row.generation)).toString('utf8');
    const credential = loadP12(p12, password, at);
    this.cache.set(tenantId, { generation: row.generation, credential });
    return credential;
  }
}

/** The validity check loadP12 makes, repeated on a cached credential for each new instant. */
function assertValidAt(leaf: ChainCertificate, at: Date): void {
  if (at.getTime() < leaf.notBefore.getTime()) throw new XadesError('CERT_NOT_YET_VALID', `valid from ${leaf.notBefore.toISOString()}`);
  if (at.getTime() > leaf.notAfter.getTime()) throw new XadesError('CERT_EXPIRED', `expired ${leaf.notAfter.toISOString()}`);
}

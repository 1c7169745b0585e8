import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { DianEnvironment, NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import { createSecretBox, type SecretBox } from '../secrets/secret-box.ts';
import { openSoftware } from './common/sealed-secrets.ts';

/** A tenant as DIAN's portal would hold it once the company registered: who, its software and PIN, its ranges. */
export type DianRegistration = {
  tenantId: string;
  environment: DianEnvironment;
  nit: string;
  legalName: string;
  /** The reception e-mail registered at DIAN: the company's `receptionEmail`, else its `email` (as its invoices). */
  receptionEmail?: string;
  software: Pick<SoftwareRegistration, 'id' | 'pin' | 'providerNit'>;
  resolutions: NumberingResolution[];
};

/** What the company registered as its reception e-mail: the address its invoices carry (dian-domain's parties). */
export const receptionEmailOf = (tenant: Tenant): { receptionEmail?: string } => {
  const email = tenant.receptionEmail ?? tenant.email;
  return email ? { receptionEmail: email } : {};
};

/**
 * The embedded registry read synchronously, read-only, for the built-in simulator's thread: read again only after
 * another connection committed (PRAGMA data_version), so a tenant the CLI or the portal just changed counts on the
 * next document. A tenant whose PIN does not open is left out.
 */
export class SqliteDianRegistrations {
  private readonly db: DatabaseSync;
  private readonly box: SecretBox;
  private readonly version: StatementSync;
  private readonly tenants: StatementSync;
  private readonly resolutions: StatementSync;
  private seen: number | undefined;
  private cached: DianRegistration[] = [];

  constructor(options: { path: string; masterKey: Uint8Array }) {
    this.box = createSecretBox(options.masterKey);
    this.db = new DatabaseSync(options.path, { readOnly: true });
    this.db.exec('PRAGMA busy_timeout = 5000');
    this.version = this.db.prepare('PRAGMA data_version');
    this.tenants = this.db.prepare('SELECT id, environment, tenant, software, sealed_pin FROM tenants ORDER BY rowid');
    this.resolutions = this.db.prepare('SELECT resolution FROM resolutions WHERE tenant_id = ? ORDER BY ordinal');
  }

  all(): DianRegistration[] {
    const version = (this.version.get() as { data_version: number }).data_version;
    if (version !== this.seen) {
      this.cached = this.read();
      this.seen = version;
    }
    return this.cached;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  private read(): DianRegistration[] {
    type Row = { id: string; environment: string; tenant: string; software: string; sealed_pin: Uint8Array | null };
    return (this.tenants.all() as Row[]).flatMap((row) => {
      const tenant = JSON.parse(row.tenant) as Tenant;
      let software: SoftwareRegistration;
      try {
        software = openSoftware(this.box, row.id, JSON.parse(row.software), row.sealed_pin);
      } catch {
        return [];
      }
      const resolutions = (this.resolutions.all(row.id) as { resolution: string }[]).map(
        (r) => JSON.parse(r.resolution) as NumberingResolution,
      );
      return [
        {
          tenantId: row.id,
          environment: row.environment as DianEnvironment,
          nit: tenant.nit,
          legalName: tenant.legalName,
          ...receptionEmailOf(tenant),
          software: { id: software.id, pin: software.pin, providerNit: software.providerNit },
          resolutions,
        },
      ];
    });
  }
}

import type { DianEnvironment, NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import { AdapterPool } from '@fe/platform-postgres';
import type pg from 'pg';
import { createSecretBox, type SecretBox } from '../../secrets/secret-box.ts';
import { openSoftware } from '../common/sealed-secrets.ts';
import { receptionEmailOf, type DianRegistration } from '../sqlite-dian-registrations.ts';

/**
 * The registry on PostgreSQL as DIAN's portal would hold it (sqlite-dian-registrations.ts): every tenant, its
 * software with the PIN opened, its resolutions. For the distributed shape's simulator process, which reads it again
 * at intervals; a tenant whose PIN does not open is left out.
 */
export class PostgresDianRegistrations {
  private readonly db: AdapterPool;
  private readonly box: SecretBox;

  constructor(options: { pool: pg.Pool; masterKey: Uint8Array }) {
    this.box = createSecretBox(options.masterKey);
    this.db = new AdapterPool(options.pool, { name: 'the tenant registry' });
  }

  async all(): Promise<DianRegistration[]> {
    type Row = {
      id: string;
      environment: string;
      tenant: Tenant;
      software: Omit<SoftwareRegistration, 'pin'>;
      sealed_pin: Buffer;
      resolutions: NumberingResolution[] | null;
    };
    // One statement: the tenants and their resolutions from one snapshot.
    const { rows } = await this.db.query<Row>(
      `SELECT t.id, t.environment, t.tenant, t.software, t.sealed_pin,
              (SELECT jsonb_agg(r.resolution ORDER BY r.ordinal) FROM resolutions r WHERE r.tenant_id = t.id)
                AS resolutions
         FROM tenants t ORDER BY t.created_at, t.id`,
    );
    return rows.flatMap((row) => {
      let software: SoftwareRegistration;
      try {
        software = openSoftware(this.box, row.id, row.software, row.sealed_pin);
      } catch {
        return [];
      }
      return [
        {
          tenantId: row.id,
          environment: row.environment as DianEnvironment,
          nit: row.tenant.nit,
          legalName: row.tenant.legalName,
          ...receptionEmailOf(row.tenant),
          software: { id: software.id, pin: software.pin, providerNit: software.providerNit },
          resolutions: row.resolutions ?? [],
        },
      ];
    });
  }
}

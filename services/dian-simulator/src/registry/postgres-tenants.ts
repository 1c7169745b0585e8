// The distributed shape's tenants for the simulator process (DIAN_SIMULATOR_TENANT_REGISTRY=postgres): what each
// company registered at DIAN's portal, read from the tenant registry. Loaded only then, so the simulator loads no pg.
import { existsSync } from 'node:fs';
import { loadOrCreateMasterKey } from '@fe/tenancy';
import { PostgresDianRegistrations } from '@fe/tenancy/postgres';
import { createPostgresPool } from '@fe/platform-postgres';
import { readConfig, ServiceRuntimeError } from '@fe/service-runtime';
import { platformConfigSchema, tenantsConfigSchema } from '@fe/service-runtime/distributed';
import { polledRegistrations } from './polled-registrations.ts';

export function postgresTenantRegistrations(
  env: Readonly<Record<string, string | undefined>>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  const config = readConfig(
    platformConfigSchema.pick({ postgresUrl: true, postgresSchema: true }).extend(tenantsConfigSchema.shape),
    env,
  );
  // The key of every process of the deployment, never a new one: that would open no PIN.
  if (!existsSync(config.masterKeyFile))
    throw new ServiceRuntimeError('CONFIG_INVALID', 'FE_MASTER_KEY_FILE: no such file', ['FE_MASTER_KEY_FILE']);
  const pool = createPostgresPool({ connectionString: config.postgresUrl, schema: config.postgresSchema, max: 2 });
  const registrations = new PostgresDianRegistrations({ pool, masterKey: loadOrCreateMasterKey(config.masterKeyFile) });
  const polled = polledRegistrations(() => registrations.all(), options);
  return {
    current: polled.current,
    start: polled.start,
    async close(): Promise<void> {
      polled.stop();
      await pool.end();
    },
  };
}

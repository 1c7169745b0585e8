// The built-in simulator's thread in the embedded shape: the simulator, with DIAN's registry of issuers read from the
// data folder's tenants (tenant-issuers.ts) on its own thread, so a tenant just created counts on its next document.
import { serveSimulatorThread } from '@fe/dian-simulator/thread-body';
import { SqliteDianRegistrations } from '@fe/tenancy/registrations';
import { tenantIssuers } from './tenant-issuers.ts';

/** What the service gives this entry (SimulatorThreadOptions.entryData). */
export type TenantRegistryFiles = { tenantsDb: string; masterKey: Uint8Array };

await serveSimulatorThread((data) => {
  const files = data as TenantRegistryFiles;
  const registrations = new SqliteDianRegistrations({ path: files.tenantsDb, masterKey: files.masterKey });
  return tenantIssuers(() => registrations.all());
});

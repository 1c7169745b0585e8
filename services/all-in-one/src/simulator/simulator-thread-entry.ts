// The built-in simulator's thread in the embedded shape: the simulator, with DIAN's registry of issuers read from the
// data folder's tenants (tenant-issuers.ts) on its own thread, so a tenant just created counts on its next document.
import { tenantIssuers } from '@fe/dian-simulator';
import { serveSimulatorThread } from '@fe/dian-simulator/thread-body';
import { SqliteDianRegistrations } from '@fe/tenancy/registrations';

/** What the service gives this entry (SimulatorThreadOptions.entryData). */
export type TenantRegistryFiles = { tenantsDb: string; masterKey: Uint8Array };

await serveSimulatorThread((data) => {
  const files = data as TenantRegistryFiles;
  const registrations = new SqliteDianRegistrations({ path: files.tenantsDb, masterKey: files.masterKey });
  return tenantIssuers(() => registrations.all());
});

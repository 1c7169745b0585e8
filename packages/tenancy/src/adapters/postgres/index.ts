// @fe/tenancy/postgres: the tenant registry on PostgreSQL. A separate entry point, so a service on
// SQLite never loads pg.
export {
  PostgresTenantDirectory,
  tenantDirectoryMigrations,
  type PostgresTenantDirectoryOptions,
} from './postgres-tenant-directory.ts';
export { PostgresDianRegistrations } from './postgres-dian-registrations.ts';
export { PostgresSoftwareProviders } from './postgres-software-providers.ts';

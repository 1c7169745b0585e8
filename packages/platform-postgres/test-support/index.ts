// Test support for this package's integration tests and for other packages' PostgreSQL adapters.
export { freshTestSchema, testPostgresUrl, type TestSchema } from './test-schema.ts';
export { terminateLeaseHolder } from './lease-holder.ts';
export { startOwnedServer, type OwnedServer } from './owned-server.ts';

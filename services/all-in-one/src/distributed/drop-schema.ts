// The PostgreSQL half of starting afresh (scripts/reset-distributed.sh): drops FE_POSTGRES_SCHEMA with everything in
// it (events, views, and the tenants sealed with the data folder's master key), which the next start migrates anew.
import { createPostgresPool } from '@fe/platform-postgres';
import { readConfig } from '@fe/service-runtime';
import { platformConfigSchema } from '@fe/service-runtime/distributed';
import { startFailureLine } from './start-failure.ts';

const config = readConfig(platformConfigSchema, process.env);
const pool = createPostgresPool({ connectionString: config.postgresUrl, schema: config.postgresSchema, max: 1 });
try {
  // The name is a checked plain identifier (the schema's regex and createPostgresPool's check).
  await pool.query(`DROP SCHEMA IF EXISTS ${config.postgresSchema} CASCADE`);
  process.stdout.write(`dropped the PostgreSQL schema ${config.postgresSchema}\n`);
} catch (error) {
  const place = { dataDir: '', schema: config.postgresSchema, resetCommand: '' };
  process.stderr.write(`reset: ${startFailureLine(error, place)}\n`);
  process.exitCode = 1;
} finally {
  await pool.end();
}

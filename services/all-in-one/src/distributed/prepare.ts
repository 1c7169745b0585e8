// The distributed start's one-off step (scripts/start-distributed.sh): migrations, keys, the simulator's identity
// and the demo tenant, before any service process runs; prints the welcome text (the demo key only once).
//   node prepare.ts <data-dir> <url> [<portal-url>]  |  node prepare.ts <data-dir> --api-key
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createPostgresPool, migrate } from '@fe/platform-postgres';
import { platformConfigSchema } from '@fe/service-runtime/distributed';
import { readConfig } from '@fe/service-runtime';
import { ensureDemoTenant, loadOrCreateMasterKey } from '@fe/tenancy';
import { PostgresTenantDirectory, tenantDirectoryMigrations } from '@fe/tenancy/postgres';
import { loadOrCreateAuditKey, prepareDataFolder } from '@fe/platform';
import { STORED_IDENTITY_FILE, TRUST_FOLDER, loadOrCreateSimulatorIdentity } from '@fe/dian-simulator/thread';
import { shellWord, welcomeText } from '../welcome.ts';
import { startFailureLine } from './start-failure.ts';

process.umask(0o077);
const [dataDir, url, portalUrl] = process.argv.slice(2);
if (!dataDir || !url) {
  process.stderr.write('usage: prepare.ts <data-dir> <url> [<portal-url>] | prepare.ts <data-dir> --api-key\n');
  process.exit(2);
}
if (url === '--api-key' && !existsSync(join(dataDir, 'master.key'))) {
  // Never a new key here: it would open none of the secrets sealed with the one the start created.
  process.stderr.write(
    `no master.key in ${dataDir}: the distributed shape has not been started with that data folder\n`,
  );
  process.exit(1);
}
const place = {
  dataDir: resolve(dataDir),
  schema: process.env.FE_POSTGRES_SCHEMA || 'fe',
  resetCommand: [
    `FE_DATA_DIR=${shellWord(resolve(dataDir))}`,
    ...(process.env.FE_POSTGRES_SCHEMA ? [`FE_POSTGRES_SCHEMA=${process.env.FE_POSTGRES_SCHEMA}`] : []),
    'pnpm -s reset:distributed',
  ].join(' '),
};
try {
  await prepare(dataDir, url, portalUrl);
} catch (error) {
  // One line the start script passes on, never a stack trace (start-failure.ts).
  process.stderr.write(`prepare: ${startFailureLine(error, place)}\n`);
  process.exitCode = 1;
}

async function prepare(dataDir: string, url: string, portalUrl: string | undefined): Promise<void> {
  prepareDataFolder(dataDir);
  loadOrCreateAuditKey(join(dataDir, 'audit.key')); // FE_AUDIT_KEY_FILE of the relay processes
  // The simulator process signs with this identity (DIAN_SIMULATOR_IDENTITY_FILE); the submitter pins
  // its certificate alone (DIAN_TRUSTED_PEM), written beside it: the key stays in one file.
  const simulatorIdentity = loadOrCreateSimulatorIdentity(join(dataDir, STORED_IDENTITY_FILE), new Date());
  writeFileSync(join(dataDir, 'dian-simulator-certificate.pem'), simulatorIdentity.certificatePem, { mode: 0o600 });
  // The simulator's trust list (DIAN_SIMULATOR_TRUST_FOLDER), empty until the operator adds a CA with `trust add`.
  mkdirSync(join(dataDir, TRUST_FOLDER), { recursive: true, mode: 0o700 });
  const config = readConfig(platformConfigSchema, process.env);
  const pool = createPostgresPool({ connectionString: config.postgresUrl, schema: config.postgresSchema, max: 2 });
  try {
    await migrate(pool, { schema: config.postgresSchema });
    const { set, migrations } = tenantDirectoryMigrations();
    await migrate(pool, { schema: config.postgresSchema, set, migrations });
    const tenants = new PostgresTenantDirectory({
      pool,
      masterKey: loadOrCreateMasterKey(join(dataDir, 'master.key')),
      now: () => new Date(),
    });
    if (url === '--api-key') {
      const key = await tenants.displayApiKey('demo');
      if (key === undefined)
        throw new Error('the demo tenant has no current API key: run pnpm start:distributed first');
      process.stdout.write(`${key}\n`);
    } else {
      const demo = await ensureDemoTenant(tenants, { now: new Date() });
      writeFileSync(join(dataDir, 'trusted-ca.pem'), (await tenants.trustedCaPems()).join('\n'), { mode: 0o600 });
      const example = relative(
        process.env.INIT_CWD ?? process.cwd(),
        resolve(import.meta.dirname, '../../../../examples/invoice-request.json'),
      );
      process.stdout.write(
        welcomeText({
          url,
          shape: 'distributed',
          ...(portalUrl ? { portalUrl } : {}),
          examplePath: example || 'examples/invoice-request.json',
          dataDir: resolve(dataDir),
          // The folder named, as every command the welcome prints: a shell without this start's FE_DATA_DIR works too.
          apiKeyCommand: `FE_DATA_DIR=${shellWord(resolve(dataDir))} pnpm -s distributed:api-key`,
          demo: { created: demo.created, issuedApiKey: demo.issuedApiKey },
        }),
      );
    }
    await tenants.close();
  } finally {
    await pool.end();
  }
}

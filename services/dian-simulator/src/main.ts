// The DIAN simulator as its own process (docs/service.md): DIAN's SOAP service on loopback, with
// /healthz and /readyz and a graceful stop like every service process.
import { readFileSync } from 'node:fs';
import { runMain, ServiceRuntimeError } from '@fe/service-runtime';
import {
  ephemeralIdentity,
  parseFault,
  simulatorConfig,
  startDianSimulator,
  storedIdentity,
  tenantIssuers,
  type DianSimulator,
  type SimulatorIdentity,
} from './index.ts';
import { simulatorProcessConfigFromEnv } from './process-config.ts';

await runMain({
  name: 'dian-simulator',
  env: process.env,
  config: simulatorProcessConfigFromEnv,
  async build(config, logger, clock) {
    let pems: string;
    try {
      pems = readFileSync(config.trustedCaFile, 'utf8');
    } catch {
      throw new ServiceRuntimeError('CONFIG_INVALID', 'DIAN_SIMULATOR_TRUSTED_CA_FILE: cannot be read', [
        'DIAN_SIMULATOR_TRUSTED_CA_FILE',
      ]);
    }
    const trustedCaPems = pems.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (trustedCaPems.length === 0)
      throw new ServiceRuntimeError('CONFIG_INVALID', 'DIAN_SIMULATOR_TRUSTED_CA_FILE: holds no PEM certificate', [
        'DIAN_SIMULATOR_TRUSTED_CA_FILE',
      ]);
    const settings = simulatorConfig(
      {
        identity: config.identityFile ? identityIn(config.identityFile) : ephemeralIdentity(clock.now()),
        trustedCaPems,
      },
      {
        schemaValidation: config.schemaValidation,
        ...(config.fault ? { globalFault: parseFault(config.fault) } : {}),
        ...(config.trustFolder ? { trustFolder: config.trustFolder } : {}),
      },
    );
    const tenants =
      config.tenantRegistry === 'postgres'
        ? (await import('./registry/postgres-tenants.ts')).postgresTenantRegistrations(process.env, {
            intervalMs: 2000,
            onError: (error) =>
              logger.warn({ error: (error as Error).message }, 'the tenant registry could not be read; kept the last'),
          })
        : undefined;
    let simulator: DianSimulator | undefined;
    return {
      modules: [
        {
          name: 'dian-simulator',
          async start() {
            await tenants?.start();
            simulator = await startDianSimulator(
              settings,
              { host: config.host, port: config.port },
              {
                ...(config.storePath ? { storePath: config.storePath } : {}),
                control: config.control,
                ...(tenants ? { issuers: tenantIssuers(tenants.current) } : {}),
              },
            );
            logger.info({ endpoint: simulator.endpoint }, 'DIAN simulator listening');
          },
          async stop() {
            await simulator?.close();
            await tenants?.close();
          },
        },
      ],
      checks: [],
      close: async () => undefined,
    };
  },
});

/**
 * The identity file's key and certificate; a file that cannot be read or used stops the start, named, never its
 * content.
 */
function identityIn(file: string): SimulatorIdentity {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch {
    throw new ServiceRuntimeError('CONFIG_INVALID', 'DIAN_SIMULATOR_IDENTITY_FILE: cannot be read', [
      'DIAN_SIMULATOR_IDENTITY_FILE',
    ]);
  }
  try {
    return storedIdentity(pem, 'DIAN_SIMULATOR_IDENTITY_FILE');
  } catch (error) {
    throw new ServiceRuntimeError('CONFIG_INVALID', (error as Error).message, ['DIAN_SIMULATOR_IDENTITY_FILE']);
  }
}

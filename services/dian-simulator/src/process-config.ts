import { readConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { z } from 'zod';

/** Everything the simulator's own process reads (docs/service.md, "dian-simulator"). */
export const simulatorProcessConfigSchema = runtimeConfigSchema.extend({
  host: z
    .string()
    .regex(/^(127\.\d+\.\d+\.\d+|::1|localhost)$/, 'a loopback address')
    .default('127.0.0.1')
    .describe(
      'DIAN_SIMULATOR_HOST: the loopback address the SOAP service listens on (it is a test double: never on a public interface).',
    ),
  port: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(8081)
    .describe(
      "DIAN_SIMULATOR_PORT: the SOAP service port; the submitter's DIAN_ENDPOINT is http://<host>:<port>/WcfDianCustomerServices.svc.",
    ),
  trustedCaFile: z
    .string()
    .min(1)
    .describe(
      "DIAN_SIMULATOR_TRUSTED_CA_FILE: PEM file of the CA certificates tenants' signing certificates must chain to (required: DIAN trusts its accredited CAs; here, the deployment's).",
    ),
  trustFolder: z
    .string()
    .min(1)
    .optional()
    .describe(
      'DIAN_SIMULATOR_TRUST_FOLDER: a trust list folder (docs/dian-web-service.md, "The trust list"): its CAs count besides DIAN_SIMULATOR_TRUSTED_CA_FILE\'s, one added counts from the next request; `pnpm fe dian-simulator trust add --data-dir <data>` fills <data>/dian-simulator-trust.',
    ),
  tenantRegistry: z
    .enum(['none', 'postgres'])
    .default('none')
    .describe(
      "DIAN_SIMULATOR_TENANT_REGISTRY: postgres registers the tenants of the service's registry (FE_POSTGRES_URL, FE_POSTGRES_SCHEMA, FE_MASTER_KEY_FILE) as DIAN's portal would, read again every 2 s, so a company created after the start is known; none (default) knows the demo issuer only.",
    ),
  identityFile: z
    .string()
    .min(1)
    .optional()
    .describe(
      'DIAN_SIMULATOR_IDENTITY_FILE: PEM file with the private key and certificate its ApplicationResponses are signed with (0600; the distributed start makes one per data folder), so the submitter can pin the certificate (DIAN_TRUSTED_PEM); default: a throwaway identity per start.',
    ),
  storePath: z
    .string()
    .min(1)
    .optional()
    .describe(
      'DIAN_SIMULATOR_STORE_PATH: SQLite file of what it accepted, kept across restarts as DIAN does; default in memory.',
    ),
  schemaValidation: z
    .enum(['on', 'off', 'auto', 'xmllint'])
    .default('on')
    .describe(
      "DIAN_SIMULATOR_SCHEMA_VALIDATION: ZB01 against DIAN's UBL 2.1 XSD, with libxml2 (WebAssembly) in the process, the schema loaded once: on or off (auto and xmllint, former values, mean on).",
    ),
  fault: z
    .string()
    .min(1)
    .optional()
    .describe(
      'DIAN_SIMULATOR_FAULT: a fault applied to every request (docs/dian-web-service.md, "Faults"), for tests.',
    ),
  control: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false)
    .describe(
      'DIAN_SIMULATOR_CONTROL: true opens PUT /control/fault, GET /control/received/<cufe>, POST /control/events/<cufe> (play the buyer) and PUT /control/today (docs/dian-web-service.md, "Fault injection" and "RADIAN events"), for tests that run the simulator as a process.',
    ),
});

export function simulatorProcessConfigFromEnv(env: Readonly<Record<string, string | undefined>>) {
  return readConfig(simulatorProcessConfigSchema, env);
}

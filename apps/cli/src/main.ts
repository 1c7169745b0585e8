// `pnpm fe <command> …`: the command-line tool for integrators and auditors.
// The only file of the CLI that touches process, the file system and the clock.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { xmlCommand, xmlExample, xmlUsage } from './commands/xml.ts';
import { signCommand, signExample, signUsage } from './commands/sign.ts';
import { verifyCommand, verifyExample, verifyUsage } from './commands/verify.ts';
import { pdfCommand, pdfExample, pdfUsage } from './commands/pdf.ts';
import { submitCommand, submitExample, submitUsage } from './commands/submit.ts';
import { dianSimulatorCommand, dianSimulatorExample, dianSimulatorUsage } from './commands/dian-simulator.ts';
import { deadLettersCommand, deadLettersExample, deadLettersUsage } from './commands/dead-letters.ts';
import { apiKeyCommand, apiKeyExample, apiKeyUsage } from './commands/api-key.ts';
import { historyCommand, historyExample, historyUsage } from './commands/history.ts';
import { redriveCommand, redriveExample, redriveUsage } from './commands/redrive.ts';
import { auditCommand, auditExample, auditUsage } from './commands/audit.ts';
import { replayCommand, replayExample, replayUsage } from './commands/replay.ts';
import { openEmbeddedData } from './audit/embedded-data.ts';
import { createPublicKey } from 'node:crypto';
import { outboxCommand, outboxExample, outboxUsage } from './commands/outbox.ts';
import { tenantCommand, tenantExample, tenantUsage } from './commands/tenant.ts';
import { SqliteDeadLetterStore, SqliteEventStore } from '@fe/platform';
import {
  createTenantCommands,
  issueTestCertificate,
  LOCAL_TEST_CA_FILE,
  loadOrCreateLocalTestCa,
  loadOrCreateMasterKey,
  SqliteTenantDirectory,
} from '@fe/tenancy';
import { addToTrustFolder, TRUST_FOLDER } from '@fe/dian-simulator';
import { simulatorTrustCommand, simulatorTrustUsage } from './commands/simulator-trust.ts';
import { dispatch, type CommandTable } from './help.ts';

// pnpm runs scripts from the workspace root; resolve paths from where the user typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();
/** --data-dir from where the user typed the command; FE_DATA_DIR and ./data as the service reads them. */
const dataFolder = (dataDir: string | undefined) =>
  dataDir === undefined ? resolve(process.env.FE_DATA_DIR || './data') : resolve(cwd, dataDir);
const readFile = (path: string) => readFileSync(resolve(cwd, path));
const fileIo = () => ({ readFile, env: process.env, now: new Date() });
// The stores the auditor's commands read: the embedded data folder, or the distributed shape's servers.
const openAuditSources = async (where: { dataDir: string | undefined; distributed: boolean }) =>
  // Loaded only when asked for: the other commands never load pg or the S3 client.
  where.distributed
    ? (await import('./audit/distributed-data.ts')).openDistributedData(process.env)
    : openEmbeddedData(dataFolder(where.dataDir));

/** Every subcommand: the overview and `--help` are built from this table, and a test walks it. */
export const commands: CommandTable = {
  xml: {
    usage: xmlUsage,
    example: xmlExample,
    run: (args) => {
      const file = args[0];
      if (!file || args.length !== 1) return { exitCode: 2, stdout: '', stderr: `usage:\n${xmlUsage}` };
      let text: string;
      try {
        text = readFileSync(resolve(cwd, file), 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        return { exitCode: 2, stdout: '', stderr: `cannot read ${file}: ${code}\n` };
      }
      return xmlCommand(text, new Date());
    },
  },
  sign: { usage: signUsage, example: signExample, run: (args) => signCommand(args, fileIo()) },
  verify: { usage: verifyUsage, example: verifyExample, run: (args) => verifyCommand(args, fileIo()) },
  pdf: {
    usage: pdfUsage,
    example: pdfExample,
    run: (args) => pdfCommand(args, { readFile, writeFile: (path, bytes) => writeFileSync(resolve(cwd, path), bytes) }),
  },
  submit: {
    usage: submitUsage,
    example: submitExample,
    run: (args) => submitCommand(args, { ...fileIo(), dataFolder }),
  },
  'dian-simulator': {
    usage: `${dianSimulatorUsage}${simulatorTrustUsage}`,
    example: dianSimulatorExample,
    run: (args) =>
      args[0] === 'trust'
        ? simulatorTrustCommand(args.slice(1), {
            readFile,
            // The embedded service's folder, or the distributed start's (which makes the trust folder).
            trustFolder: (dataDir) => {
              const dir = dataFolder(dataDir);
              const folder = resolve(dir, TRUST_FOLDER);
              return registryFiles(dataDir) || existsSync(folder) ? { folder } : { missing: dir };
            },
            registryCas: async (dataDir) => {
              const files = registryFiles(dataDir);
              if (!files) {
                const distributed = resolve(dataFolder(dataDir), 'trusted-ca.pem');
                return existsSync(distributed) ? (readFileSync(distributed, 'utf8').match(PEM_BLOCKS) ?? []) : [];
              }
              const registry = new SqliteTenantDirectory({
                path: files.tenantsDb,
                masterKey: loadOrCreateMasterKey(files.masterKey),
              });
              try {
                return await registry.trustedCaPems();
              } finally {
                await registry.close();
              }
            },
          })
        : dianSimulatorCommand(args, {
            ...fileIo(),
            print: (text) => process.stdout.write(text),
            stopped: new Promise((stop) =>
              ['SIGINT', 'SIGTERM'].forEach((signal) => process.once(signal, () => stop())),
            ),
          }),
  },
  'dead-letters': {
    usage: deadLettersUsage,
    example: deadLettersExample,
    run: (args) =>
      deadLettersCommand(args, {
        now: new Date(),
        dataFolder,
        stateDb: (dataDir) => {
          const path = resolve(dataFolder(dataDir), 'state.sqlite');
          return existsSync(path) ? path : undefined;
        },
      }),
  },
  'api-key': {
    usage: apiKeyUsage,
    example: apiKeyExample,
    run: (args) => apiKeyCommand(args, { registry: registryFiles, dataFolder }),
  },
  tenant: {
    usage: tenantUsage,
    // The shape `create` reads is the example file itself, so the help cannot drift from it.
    get example() {
      return tenantExample(readFileSync(new URL('../../../examples/tenant.json', import.meta.url), 'utf8'));
    },
    run: (args) =>
      tenantCommand(args, {
        readFile,
        env: process.env,
        dataFolder,
        open: (dataDir) => {
          const files = registryFiles(dataDir);
          if (!files) return undefined;
          // The service's own files: its relay publishes what is appended here on fe.tenant.events.v1.
          const registry = new SqliteTenantDirectory({
            path: files.tenantsDb,
            masterKey: loadOrCreateMasterKey(files.masterKey),
          });
          const events = new SqliteEventStore(files.eventsDb);
          return {
            commands: createTenantCommands({ registry, events, clock: { now: () => new Date() } }),
            close: async () => {
              await registry.close();
              await events.close();
            },
          };
        },
        testCertificate: async (dataDir, owner) => {
          const dir = dataFolder(dataDir);
          const { ca, created } = loadOrCreateLocalTestCa(resolve(dir, LOCAL_TEST_CA_FILE), new Date());
          // A CA made here (the service's start makes it first) goes on the simulator's trust list at once.
          if (created) addToTrustFolder(resolve(dir, TRUST_FOLDER), ca.certificatePem);
          return issueTestCertificate(ca, owner, new Date());
        },
      }),
  },
  history: {
    usage: historyUsage,
    example: historyExample,
    run: (args) => historyCommand(args, { open: openAuditSources, dataFolder }),
  },
  redrive: {
    usage: redriveUsage,
    example: redriveExample,
    run: (args) =>
      redriveCommand(args, {
        clock: { now: () => new Date() },
        operator: userInfo().username,
        dataFolder,
        open: (dataDir) => {
          const dir = dataFolder(dataDir);
          if (!existsSync(resolve(dir, 'events.sqlite'))) return undefined;
          // The service's own files: its relay publishes the re-drive, its redriver takes the letters.
          const store = new SqliteEventStore(resolve(dir, 'events.sqlite'));
          const state = resolve(dir, 'state.sqlite');
          const letters = existsSync(state) ? new SqliteDeadLetterStore(state) : undefined;
          return {
            store,
            letters,
            close: async () => {
              letters?.close();
              await store.close();
            },
          };
        },
      }),
  },
  audit: {
    usage: auditUsage,
    example: auditExample,
    run: (args) =>
      auditCommand(args, {
        open: openAuditSources,
        dataFolder,
        publicKeyOf: (dir) => {
          const file = resolve(dataFolder(dir), 'audit.key');
          // The public half only: the private key never leaves this function.
          return existsSync(file)
            ? (createPublicKey(readFileSync(file, 'utf8')).export({ type: 'spki', format: 'pem' }) as string)
            : undefined;
        },
        readFile,
        dianTrustedPemFile: process.env.DIAN_TRUSTED_PEM || undefined,
        elapsedMs: () => performance.now(),
      }),
  },
  replay: {
    usage: replayUsage,
    example: replayExample,
    run: (args) =>
      replayCommand(args, {
        open: openAuditSources,
        dataFolder,
        target: (path) => ({ path: resolve(cwd, path), exists: existsSync(resolve(cwd, path)) }),
        fromTopic: async (topic, target) => {
          const [{ replayStatusFromTopic }, { platformConfigSchema }, { configFromEnv }] = await Promise.all([
            import('./audit/replay-topic.ts'),
            import('@fe/service-runtime/distributed'),
            import('@fe/platform'),
          ]);
          const kafka = configFromEnv(
            platformConfigSchema.pick({ kafkaBrokers: true, schemaRegistryUrl: true }),
            process.env,
          );
          return replayStatusFromTopic(
            { brokers: kafka.kafkaBrokers.split(','), registryUrl: kafka.schemaRegistryUrl, topic },
            target,
          );
        },
      }),
  },
  outbox: {
    usage: outboxUsage,
    example: outboxExample,
    run: (args) => outboxCommand(args, { outboxDir: (dataDir) => resolve(dataFolder(dataDir), 'outbox') }),
  },
};

const PEM_BLOCKS = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The data folder's registry files, when the service ran there. */
function registryFiles(
  dataDir: string | undefined,
): { tenantsDb: string; masterKey: string; eventsDb: string } | undefined {
  const dir = dataFolder(dataDir);
  const found = {
    tenantsDb: resolve(dir, 'tenants.sqlite'),
    masterKey: resolve(dir, 'master.key'),
    eventsDb: resolve(dir, 'events.sqlite'),
  };
  return existsSync(found.tenantsDb) && existsSync(found.masterKey) ? found : undefined;
}

// Run only as the program: the --help test imports the table.
if (import.meta.main) {
  const result = await dispatch(commands, process.argv.slice(2));
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

// `pnpm fe <command> …`: the command-line tool for integrators and auditors.
// The only file of the CLI that touches process, the file system and the clock.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { xmlCommand, type CommandOutput } from './commands/xml.ts';
import { signCommand, signUsage } from './commands/sign.ts';
import { verifyCommand, verifyUsage } from './commands/verify.ts';
import { pdfCommand, pdfUsage } from './commands/pdf.ts';
import { submitCommand, submitUsage } from './commands/submit.ts';
import { dianSimulatorCommand, dianSimulatorUsage } from './commands/dian-simulator.ts';
import { deadLettersCommand, deadLettersUsage } from './commands/dead-letters.ts';
import { apiKeyCommand, apiKeyUsage } from './commands/api-key.ts';
import { historyCommand, historyUsage } from './commands/history.ts';
import { redriveCommand, redriveUsage } from './commands/redrive.ts';
import { auditCommand, auditUsage } from './commands/audit.ts';
import { replayCommand, replayUsage } from './commands/replay.ts';
import { openEmbeddedData } from './audit/embedded-data.ts';
import { createPublicKey } from 'node:crypto';
import { outboxCommand, outboxUsage } from './commands/outbox.ts';
import { tenantCommand, tenantUsage } from './commands/tenant.ts';
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

const usage = `usage: pnpm fe <command>

commands:
  xml <request.json>   print the unsigned UBL 2.1 invoice for the request, issued now,
                       for the built-in demo tenant; a bad request prints the error body
                       and exits 1
${signUsage}${verifyUsage}${pdfUsage}${submitUsage}${dianSimulatorUsage}${simulatorTrustUsage}${deadLettersUsage}${apiKeyUsage}${tenantUsage}${historyUsage}${redriveUsage}${auditUsage}${replayUsage}${outboxUsage}`;

// pnpm runs scripts from the workspace root; resolve paths from where the user typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();
// --data-dir from where the user typed the command; FE_DATA_DIR and ./data as the service reads them.
const dataFolder = (dataDir: string | undefined) =>
  dataDir === undefined ? resolve(process.env.FE_DATA_DIR || './data') : resolve(cwd, dataDir);
// The stores the auditor's commands read: the embedded data folder, or the distributed shape's servers.
const openAuditSources = async (where: { dataDir: string | undefined; distributed: boolean }) =>
  // Loaded only when asked for: the other commands never load pg or the S3 client.
  where.distributed
    ? (await import('./audit/distributed-data.ts')).openDistributedData(process.env)
    : openEmbeddedData(dataFolder(where.dataDir));

function run(argv: string[]): CommandOutput | Promise<CommandOutput> {
  const [command, ...args] = argv;
  switch (command) {
    case 'xml': {
      const file = args[0];
      if (!file || args.length !== 1) return { exitCode: 2, stdout: '', stderr: usage };
      let text: string;
      try {
        text = readFileSync(resolve(cwd, file), 'utf8');
      } catch (error) {
        return {
          exitCode: 2,
          stdout: '',
          stderr: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`,
        };
      }
      return xmlCommand(text, new Date());
    }
    case 'sign':
      return signCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)),
        env: process.env,
        now: new Date(),
      });
    case 'verify':
      return verifyCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)),
        env: process.env,
        now: new Date(),
      });
    case 'pdf':
      return pdfCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)),
        writeFile: (path, bytes) => writeFileSync(resolve(cwd, path), bytes),
      });
    case 'submit':
      return submitCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)),
        env: process.env,
        now: new Date(),
      });
    case 'dian-simulator':
      if (args[0] === 'trust')
        return simulatorTrustCommand(args.slice(1), {
          readFile: (path) => readFileSync(resolve(cwd, path)),
          trustFolder: (dataDir) => {
            const dir = dataFolder(dataDir);
            return registryFiles(dataDir) ? { folder: resolve(dir, TRUST_FOLDER) } : { missing: dir };
          },
          registryCas: async (dataDir) => {
            const files = registryFiles(dataDir)!;
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
        });
      return dianSimulatorCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)),
        env: process.env,
        now: new Date(),
        print: (text) => process.stdout.write(text),
        stopped: new Promise((stop) => ['SIGINT', 'SIGTERM'].forEach((signal) => process.once(signal, () => stop()))),
      });
    case 'dead-letters':
      return deadLettersCommand(args, {
        now: new Date(),
        // --data-dir from where the user typed the command; FE_DATA_DIR and ./data as the service reads them.
        stateDb: (dataDir) => {
          const path = resolve(
            dataDir === undefined ? process.env.FE_DATA_DIR || './data' : resolve(cwd, dataDir),
            'state.sqlite',
          );
          return existsSync(path) ? path : undefined;
        },
      });
    case 'api-key':
      return apiKeyCommand(args, { registry: registryFiles });
    case 'tenant':
      return tenantCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)),
        env: process.env,
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
      });
    case 'history':
      return historyCommand(args, { open: openAuditSources });
    case 'redrive':
      return redriveCommand(args, {
        clock: { now: () => new Date() },
        operator: userInfo().username,
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
      });
    case 'audit':
      return auditCommand(args, {
        open: openAuditSources,
        publicKeyOf: (dir) => {
          const file = resolve(dataFolder(dir), 'audit.key');
          // The public half only: the private key never leaves this function.
          return existsSync(file)
            ? (createPublicKey(readFileSync(file, 'utf8')).export({ type: 'spki', format: 'pem' }) as string)
            : undefined;
        },
        readFile: (path) => readFileSync(resolve(cwd, path)),
        dianTrustedPemFile: process.env.DIAN_TRUSTED_PEM || undefined,
        elapsedMs: () => performance.now(),
      });
    case 'replay':
      return replayCommand(args, {
        open: openAuditSources,
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
      });
    case 'outbox':
      return outboxCommand(args, {
        outboxDir: (dataDir) =>
          resolve(
            dataDir === undefined ? resolve(process.env.FE_DATA_DIR || './data') : resolve(cwd, dataDir),
            'outbox',
          ),
      });
    case undefined:
    case 'help':
    case '--help':
      return { exitCode: command ? 0 : 2, stdout: command ? usage : '', stderr: command ? '' : usage };
    default:
      return { exitCode: 2, stdout: '', stderr: `unknown command: ${command}\n\n${usage}` };
  }
}

/**
 * The data folder's registry files (--data-dir from where the user typed; FE_DATA_DIR and ./data as the service reads
 * them), when the service ran there.
 */
function registryFiles(
  dataDir: string | undefined,
): { tenantsDb: string; masterKey: string; eventsDb: string } | undefined {
  const dir = dataDir === undefined ? resolve(process.env.FE_DATA_DIR || './data') : resolve(cwd, dataDir);
  const found = {
    tenantsDb: resolve(dir, 'tenants.sqlite'),
    masterKey: resolve(dir, 'master.key'),
    eventsDb: resolve(dir, 'events.sqlite'),
  };
  return existsSync(found.tenantsDb) && existsSync(found.masterKey) ? found : undefined;
}

const result = await run(process.argv.slice(2));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;

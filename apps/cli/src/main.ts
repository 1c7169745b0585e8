// `pnpm fe <command> …`: the command-line tool for integrators and auditors.
// The only file of the CLI that touches process, the file system and the clock.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { xmlCommand, type CommandOutput } from './commands/xml.ts';
import { signCommand, signUsage } from './commands/sign.ts';
import { verifyCommand, verifyUsage } from './commands/verify.ts';
import { pdfCommand, pdfUsage } from './commands/pdf.ts';
import { submitCommand, submitUsage } from './commands/submit.ts';
import { dianSimulatorCommand, dianSimulatorUsage } from './commands/dian-simulator.ts';
import { deadLettersCommand, deadLettersUsage } from './commands/dead-letters.ts';
import { apiKeyCommand, apiKeyUsage } from './commands/api-key.ts';
import { tenantCommand, tenantUsage } from './commands/tenant.ts';
import { SqliteEventStore } from '@fe/platform';
import { createTenantCommands, loadOrCreateMasterKey, SqliteTenantDirectory } from '@fe/tenancy';

const usage = `usage: pnpm fe <command>

commands:
  xml <request.json>   print the unsigned UBL 2.1 invoice for the request, issued now,
                       for the built-in demo tenant; a bad request prints the error body
                       and exits 1
${signUsage}${verifyUsage}${pdfUsage}${submitUsage}${dianSimulatorUsage}${deadLettersUsage}${apiKeyUsage}${tenantUsage}`;

// pnpm runs scripts from the workspace root; resolve paths from where the user typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();

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
        return { exitCode: 2, stdout: '', stderr: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n` };
      }
      return xmlCommand(text, new Date());
    }
    case 'sign':
      return signCommand(args, { readFile: (path) => readFileSync(resolve(cwd, path)), env: process.env, now: new Date() });
    case 'verify':
      return verifyCommand(args, { readFile: (path) => readFileSync(resolve(cwd, path)), env: process.env, now: new Date() });
    case 'pdf':
      return pdfCommand(args, { readFile: (path) => readFileSync(resolve(cwd, path)), writeFile: (path, bytes) => writeFileSync(resolve(cwd, path), bytes) });
    case 'submit':
      return submitCommand(args, { readFile: (path) => readFileSync(resolve(cwd, path)), env: process.env, now: new Date() });
    case 'dian-simulator':
      return dianSimulatorCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)), env: process.env, now: new Date(),
        print: (text) => process.stdout.write(text),
        stopped: new Promise((stop) => ['SIGINT', 'SIGTERM'].forEach((signal) => process.once(signal, () => stop()))),
      });
    case 'dead-letters':
      return deadLettersCommand(args, {
        now: new Date(),
        // --data-dir from where the user typed the command; FE_DATA_DIR and ./data as the service reads them.
        stateDb: (dataDir) => {
          const path = resolve(dataDir === undefined ? process.env.FE_DATA_DIR || './data' : resolve(cwd, dataDir), 'state.sqlite');
          return existsSync(path) ? path : undefined;
        },
      });
    case 'api-key':
      return apiKeyCommand(args, { registry: registryFiles });
    case 'tenant':
      return tenantCommand(args, {
        readFile: (path) => readFileSync(resolve(cwd, path)), env: process.env,
        open: (dataDir) => {
          const files = registryFiles(dataDir);
          if (!files) return undefined;
          // The service's own files: its relay publishes what is appended here on fe.tenant.events.v1.
          const registry = new SqliteTenantDirectory({ path: files.tenantsDb, masterKey: loadOrCreateMasterKey(files.masterKey) });
          const events = new SqliteEventStore(files.eventsDb);
          return {
            commands: createTenantCommands({ registry, events, clock: { now: () => new Date() } }),
            close: async () => { await registry.close(); await events.close(); },
          };
        },
      });
    case undefined:
    case 'help':
    case '--help':
      return { exitCode: command ? 0 : 2, stdout: command ? usage : '', stderr: command ? '' : usage };
    default:
      return { exitCode: 2, stdout: '', stderr: `unknown command: ${command}\n\n${usage}` };
  }
}

/** The data folder's registry files (--data-dir from where the user typed; FE_DATA_DIR and ./data as the service reads them), when the service ran there. */
function registryFiles(dataDir: string | undefined): { tenantsDb: string; masterKey: string; eventsDb: string } | undefined {
  const dir = dataDir === undefined ? resolve(process.env.FE_DATA_DIR || './data') : resolve(cwd, dataDir);
  const found = { tenantsDb: resolve(dir, 'tenants.sqlite'), masterKey: resolve(dir, 'master.key'), eventsDb: resolve(dir, 'events.sqlite') };
  return existsSync(found.tenantsDb) && existsSync(found.masterKey) ? found : undefined;
}

const result = await run(process.argv.slice(2));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;

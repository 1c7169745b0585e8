import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '@fe/platform/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL server of the test's own, for a test that restarts it: the shared server must not be restarted under
 * the other files.
 */
export type OwnedServer = { url: string; restart(): Promise<void>; stop(): void };

function binDir(): string {
  const fromEnv = process.env.FE_TEST_POSTGRES_BIN;
  if (fromEnv) return fromEnv;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (!found)
    throw new Error(
      "no PostgreSQL binaries: install Debian's postgresql or set FE_TEST_POSTGRES_BIN to the folder holding initdb and pg_ctl",
    );
  return found;
}

/**
 * Server settings; fsync off by default (this server holds nothing worth a power cut). The platform bench passes ''
 * for PostgreSQL's durable defaults.
 */
export async function startOwnedServer(options: { settings?: string } = {}): Promise<OwnedServer> {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const command = (tool: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool: string, args: string[]) =>
    execFileSync(...command(tool, args), { stdio: 'pipe', timeout: 60_000 });
  const dir = mkdtempSync(join(tmpdir(), 'fe-pg-owned-'));
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const port = await freePort();
  const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${options.settings ?? '-c fsync=off'}`;
  const ctlArgs = (...args: string[]) => [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    serverOptions,
    ...args,
  ];
  run('pg_ctl', ctlArgs('start'));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Asynchronous, so the test's appends keep running into the stopped server meanwhile.
    async restart() {
      await promisify(execFile)(...command('pg_ctl', ctlArgs('-m', 'fast', 'restart')), { timeout: 60_000 });
    },
    stop() {
      run('pg_ctl', ctlArgs('-m', 'fast', 'stop'));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The `int` project's globalSetup: starts the servers infra/up.sh provides unless their variable is set
// (FE_TEST_INFRA=off starts none), and stops only what this run started.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnvLines, serversToStart } from './server-variables.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));

function run(script: string, args: string[]): void {
  const result = spawnSync('bash', [join(repo, 'infra', script), ...args], {
    cwd: repo,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(
      `infra/${script} ${args.join(' ')} failed (exit ${result.status ?? result.signal}); see the lines above and .infra/logs/`,
    );
  }
}

/**
 * Where the tests that own a server of their own (a broker they restart, an S3 server they kill)
 * find its program: the jars and binary infra/up.sh installed. A developer's own value wins.
 */
function pointAtInstalledPrograms(): void {
  const home = process.env.FE_INFRA_HOME ?? join(repo, '.infra');
  process.env.FE_TEST_KAFKA_LIB ??= join(home, 'kafka', 'lib');
  process.env.FE_TEST_VERSITYGW_BIN ??= join(home, 'bin', 'versitygw-v1.7.0');
}

export default function setup(): (() => void) | undefined {
  return startServers();
}

/** Starts the servers among `only` (default: all) whose variable is unset; returns what stops them. */
export function startServers(only?: readonly string[]): (() => void) | undefined {
  pointAtInstalledPrograms();
  if (process.env.FE_TEST_INFRA === 'off') return undefined;
  const wanted = serversToStart(process.env).filter((s) => only === undefined || only.includes(s.server));
  if (wanted.length === 0) return undefined;

  const scratch = mkdtempSync(join(tmpdir(), 'fe-infra-'));
  const startedFile = join(scratch, 'started');
  const started = (): string[] => {
    try {
      return readFileSync(startedFile, 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  const stopStarted = (): void => {
    const ours = started();
    rmSync(scratch, { recursive: true, force: true });
    if (ours.length) run('down.sh', ours);
  };

  try {
    run('up.sh', ['--record-started', startedFile, ...wanted.map((s) => s.server)]);
  } catch (error) {
    stopStarted();
    throw error;
  }
  const values = parseEnvLines(spawnSync('bash', [join(repo, 'infra', 'env.sh')], { encoding: 'utf8' }).stdout);
  // Workers are forked after globalSetup, from this process's environment: they see these.
  for (const { variables } of wanted) {
    for (const name of variables) {
      const value = values.get(name);
      if (!value) throw new Error(`infra/env.sh printed no ${name}`);
      process.env[name] = value;
    }
  }
  return stopStarted;
}

// The embedded service as a separate process (the crash test kills it with SIGKILL), started with
// the README's start line (scripts/start.sh) and stopped by the process id it saved.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export { freePort } from '@fe/platform/testing';

const repoRoot = resolve(import.meta.dirname, '../../..');

export type ChildService = { process: ChildProcess; url: string; apiKey: string; output: () => string };

/**
 * Runs `bash scripts/start.sh` and waits for its welcome text. The script execs node, so a signal to the child
 * reaches the service.
 */
export async function startChildService(env: Record<string, string>): Promise<ChildService> {
  const child = spawn('bash', [resolve(repoRoot, 'scripts/start.sh')], {
    cwd: repoRoot,
    env: { ...process.env, FE_LOG_LEVEL: 'warn', INIT_CWD: repoRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 180_000;
  while (!/service \(embedded\) at /.test(output) || !/ {2}Admin portal /.test(output)) {
    // the first and last lines of the welcome text
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const printed = /export FE_API_KEY=(fe_test_\w+)\n/.exec(output)?.[1];
  const command = /export FE_API_KEY=\$\((.+)\)\n/.exec(output)?.[1];
  return {
    process: child,
    // the welcome text, not a log line naming another URL
    url: /service \(embedded\) at (http:\/\/\S+)/.exec(output)![1]!,
    apiKey:
      printed ??
      execFileSync('bash', ['-c', command!], {
        cwd: repoRoot,
        env: { ...process.env, INIT_CWD: repoRoot },
        encoding: 'utf8',
      }).trim(),
    output: () => output,
  };
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  await exited;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export type ServiceProcess = {
  child: ChildProcess;
  /** Every JSON log line the process wrote on stdout so far (other lines are not log lines). */
  lines: Record<string, unknown>[];
  stderr: () => string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The first log line with this `msg`, once written. */
  logged: (msg: string) => Record<string, unknown> | undefined;
};

/** A service's main.ts as a child process of the test, its pino lines parsed as they come. */
export function startServiceProcess(main: string, env: NodeJS.ProcessEnv): ServiceProcess {
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not a log line
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, lines, stderr: () => stderr, exited, logged: (msg) => lines.find((l) => l.msg === msg) };
}

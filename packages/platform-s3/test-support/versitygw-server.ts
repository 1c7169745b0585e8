import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { freePort } from '@fe/platform/testing';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A versitygw of the test's own (docs/s3.md), for tests that stop and restart S3: the shared server is not theirs
 * to stop. The binary is FE_TEST_VERSITYGW_BIN, else ~/go/bin/versitygw.
 */
export type VersitygwServer = {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  pid(): number;
  /**
   * SIGSTOP: the process keeps its port and answers nothing, as a hung server does. Returns once every thread is
   * stopped: on a kept-alive connection a request sent meanwhile would still be answered.
   */
  pause(): void;
  resume(): void;
  /** SIGKILL: connections are refused until `restart`. */
  kill(): Promise<void>;
  /** A new process on the same folder and port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

export async function startVersitygw(dataDir: string): Promise<VersitygwServer> {
  const bin = versitygwBinary();
  const port = await freePort();
  const accessKey = `test${randomBytes(4).toString('hex')}`;
  const secretKey = randomBytes(18).toString('base64url');
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const launch = async () => {
    // --keep-alive: without it versitygw answers every request with `Connection: close` (a new TCP connection each)
    const args = ['--port', `127.0.0.1:${port}`, '--health', '/health', '--keep-alive', 'posix', dataDir];
    const started = spawn(bin, args, {
      env: { PATH: process.env.PATH ?? '', ROOT_ACCESS_KEY: accessKey, ROOT_SECRET_KEY: secretKey },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
    child = started;
    for (let attempt = 0; attempt < 200; attempt++) {
      // ready in ~0.1 s; bounded at 200 × 50 ms
      if (started.exitCode !== null) throw new Error(`versitygw exited (${started.exitCode}): ${stderr}`);
      if (await answers(`${endpoint}/health`)) return;
      await sleep(50);
    }
    throw new Error(`versitygw did not answer on ${endpoint} within 10 s: ${stderr}`);
  };
  const killChild = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGCONT'); // a paused process must run to die
    current.kill('SIGKILL');
    await exited;
  };

  await launch();
  return {
    endpoint,
    accessKey,
    secretKey,
    pid: () => child?.pid ?? -1,
    pause: () => {
      child?.kill('SIGSTOP');
      if (child?.pid !== undefined) waitUntilStopped(child.pid);
    },
    resume: () => void child?.kill('SIGCONT'),
    kill: killChild,
    restart: async () => {
      await killChild();
      await launch();
    },
    stop: killChild,
  };
}

function versitygwBinary(): string {
  const candidates = [
    process.env.FE_TEST_VERSITYGW_BIN,
    join(process.env.GOPATH ?? join(homedir(), 'go'), 'bin', 'versitygw'),
  ].filter((path): path is string => !!path);
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `no versitygw binary (looked at ${candidates.join(', ')}): GOTOOLCHAIN=local CGO_ENABLED=0 go install github.com/versity/versitygw/cmd/versitygw@v1.7.0, or set FE_TEST_VERSITYGW_BIN`,
    );
  }
  return found;
}

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    (response) => response.ok,
    () => false,
  );
}

/** Spins (at most 2 s) until every thread of `pid` shows state T: a signal reaches a busy process's threads late. */
function waitUntilStopped(pid: number): void {
  const deadline = Date.now() + 2000;
  const stopped = () =>
    readdirSync(`/proc/${pid}/task`).every((task) => {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
        return /^[Tt]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
      } catch {
        return true; // the thread ended
      }
    });
  while (!stopped() && Date.now() < deadline);
}

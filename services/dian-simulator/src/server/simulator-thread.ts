import { Worker } from 'node:worker_threads';
import type { SimulatorConfig } from '../config.ts';
import type { PlayBuyerOutcome, PlayBuyerRequest } from '../events/play-buyer.ts';
import type { FaultSpec } from '../faults/faults.ts';
import type { ThreadReply, ThreadRequest, ThreadStart } from './simulator-thread-messages.ts';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

const WORKER_URL = new URL('./simulator-thread-worker.ts', import.meta.url);

/** A simulator running on its own thread, controlled by messages. */
export type DianSimulatorThread = {
  endpoint: string;
  port: number;
  /** Applies a fault to every request that does not name its own; undefined clears it. */
  setGlobalFault(fault: FaultSpec | undefined): Promise<void>;
  /** How many times a document with this CUFE was received and judged. */
  timesReceived(cufe: string): Promise<number>;
  /** Registers 030, 031, 032 or 033 on an accepted invoice as its buyer would (DianSimulator.playBuyer). */
  playBuyer(cufe: string, request: PlayBuyerRequest): Promise<PlayBuyerOutcome>;
  /** The date (YYYY-MM-DD) the event rules take for today; undefined goes back to the real one. */
  setToday(date: string | undefined): Promise<void>;
  close(): Promise<void>;
};

/**
 * Starts the simulator on a worker thread (the embedded default): it plays DIAN, a separate system, so its CPU
 * has no business on the service's event loop. It reads the wall clock (`config.now` cannot cross threads).
 */
export type SimulatorThreadOptions = {
  /** Called once if the thread stops without close() (a crash): whoever runs it should say so. */
  onStopped?: (reason: string) => void;
  /**
   * The thread's entry: one that calls serveSimulatorThread (`@fe/dian-simulator/thread-body`) with DIAN's registry
   * of issuers; tests substitute one that crashes.
   */
  workerUrl?: URL;
  /** Plain data for that entry (structured clone carries it). */
  entryData?: unknown;
  /** A SQLite file for what the simulator answered (createSqliteStore); memory when absent. */
  storePath?: string;
};

export function startDianSimulatorThread(
  config: Omit<SimulatorConfig, 'now'>,
  listen: { host?: string; port: number },
  options: SimulatorThreadOptions = {},
): Promise<DianSimulatorThread> {
  const start: ThreadStart = { config, listen, storePath: options.storePath, entryData: options.entryData };
  const worker = new Worker(options.workerUrl ?? WORKER_URL, {
    name: 'dian-simulator',
    workerData: start,
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const waiting = new Map<number, (reply: ThreadReply) => void>();
  let nextId = 1;
  let exited: Error | undefined;
  let listening = false;
  let closing = false;
  const ask = (request: WithoutId<ThreadRequest>): Promise<ThreadReply> => {
    if (exited) return Promise.reject(exited);
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, (reply) => {
        if (waiting.size === 0) worker.unref();
        resolve(reply);
      });
      worker.ref(); // an answer is awaited: keep the process alive until it comes
      worker.postMessage({ ...request, id } as ThreadRequest);
    });
  };
  const failAll = (error: Error) => {
    if (!exited && listening && !closing) options.onStopped?.(error.message);
    exited = error;
    for (const resolve of waiting.values()) resolve({ id: 0, kind: 'error', message: error.message });
    waiting.clear();
  };
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the simulator thread exited (code ${code})`)));

  return new Promise((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      if (reply.kind === 'listening') {
        listening = true;
        worker.unref(); // an idle simulator does not keep the process alive
        resolve({
          endpoint: reply.endpoint,
          port: reply.port,
          setGlobalFault: async (fault) => expect(await ask({ kind: 'set-fault', fault }), 'done'),
          timesReceived: async (cufe) => {
            const answer = await ask({ kind: 'times-received', cufe });
            return answer.kind === 'count' ? answer.count : Promise.reject(new Error(describe(answer)));
          },
          playBuyer: async (cufe, request) => {
            const answer = await ask({ kind: 'play-buyer', cufe, request });
            return answer.kind === 'played' ? answer.outcome : Promise.reject(new Error(describe(answer)));
          },
          setToday: async (date) => expect(await ask({ kind: 'set-today', date }), 'done'),
          close: async () => {
            if (exited) return;
            closing = true;
            await ask({ kind: 'close' });
            await worker.terminate();
          },
        });
        return;
      }
      if (reply.kind === 'start-failed') {
        reject(new Error(reply.message));
        void worker.terminate();
        return;
      }
      const settle = waiting.get(reply.id);
      waiting.delete(reply.id);
      settle?.(reply);
    });
    worker.once('exit', (code) => reject(new Error(`the simulator thread exited before listening (code ${code})`)));
  });
}

function expect(reply: ThreadReply, kind: ThreadReply['kind']): void {
  if (reply.kind !== kind) throw new Error(describe(reply));
}

const describe = (reply: ThreadReply) =>
  reply.kind === 'error' ? reply.message : `unexpected simulator thread reply '${reply.kind}'`;

// The body of a simulator thread (simulator-thread.ts): starts the simulator with the config it was given, then
// answers control messages until it is closed. An entry of another package may add DIAN's registry of issuers.
import { parentPort, workerData } from 'node:worker_threads';
import { startDianSimulator } from '../index.ts';
import type { IssuerSource } from '../registry/issuer-registry.ts';
import type { ThreadReply, ThreadRequest, ThreadStart } from './simulator-thread-messages.ts';

/** `issuers` gets the start's `entryData` (SimulatorThreadOptions) and returns the issuers to add, if any. */
export async function serveSimulatorThread(issuers?: (entryData: unknown) => IssuerSource | undefined): Promise<void> {
  const port = parentPort!;
  const { config, listen, storePath, entryData } = workerData as ThreadStart;
  const reply = (message: ThreadReply) => port.postMessage(message);
  try {
    const source = issuers?.(entryData);
    const simulator = await startDianSimulator({ ...config, now: () => new Date() }, listen, {
      ...(storePath ? { storePath } : {}),
      ...(source ? { issuers: source } : {}),
    });
    port.on('message', (request: ThreadRequest) => {
      switch (request.kind) {
        case 'set-fault':
          simulator.setGlobalFault(request.fault);
          return reply({ id: request.id, kind: 'done' });
        case 'times-received':
          return reply({ id: request.id, kind: 'count', count: simulator.store.timesReceived(request.cufe) });
        case 'play-buyer':
          return void simulator.playBuyer(request.cufe, request.request).then(
            (outcome) => reply({ id: request.id, kind: 'played', outcome }),
            (error: unknown) => reply({ id: request.id, kind: 'error', message: (error as Error).message }),
          );
        case 'set-today':
          try {
            simulator.setToday(request.date);
            return reply({ id: request.id, kind: 'done' });
          } catch (error) {
            return reply({ id: request.id, kind: 'error', message: (error as Error).message });
          }
        case 'close':
          void simulator.close().then(() => reply({ id: request.id, kind: 'done' }));
      }
    });
    reply({ id: 0, kind: 'listening', endpoint: simulator.endpoint, port: simulator.port });
  } catch (error) {
    reply({ id: 0, kind: 'start-failed', message: error instanceof Error ? error.message : String(error) });
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseFault, type FaultSpec } from '../faults/faults.ts';

/** What a test of another process may do to the simulator (DIAN_SIMULATOR_CONTROL). */
export type SimulatorControl = {
  setGlobalFault(fault: FaultSpec | undefined): void;
  timesReceived(cufe: string): number;
};

/**
 * The simulator's controls over HTTP, for tests that run it as its own process (the distributed
 * shape's end-to-end suite), where `setGlobalFault` and the store cannot be called in-process:
 *
 *   PUT /control/fault            body: a fault spec (faults.ts), or empty to clear it → 204; 400 for an unknown one
 *   GET /control/received/<cufe>  → 200 {"times": n}: how often a document was received and judged
 *
 * Off unless configured: a test double's switch, on the loopback address the simulator listens on.
 */
export function handleControl(control: SimulatorControl, req: IncomingMessage, res: ServerResponse, path: string, body: string | undefined): void {
  if (req.method === 'PUT' && path === '/control/fault') {
    const text = (body ?? '').trim();
    const fault = parseFault(text);
    if (text !== '' && !fault) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown fault\n');
    control.setGlobalFault(fault);
    return void res.writeHead(204).end();
  }
  const received = /^\/control\/received\/([0-9a-f]{96})$/.exec(path);
  if (req.method === 'GET' && received) {
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ times: control.timesReceived(received[1]!) }));
  }
  res.writeHead(404).end();
}

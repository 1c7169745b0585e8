import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseFault, type FaultSpec } from '../faults/faults.ts';

/** What a test of another process may do to the simulator (DIAN_SIMULATOR_CONTROL). */
export type SimulatorControl = {
  setGlobalFault(fault: FaultSpec | undefined): void;
  timesReceived(cufe: string): number;
};

/**
 * Test controls over HTTP for a simulator in its own process: PUT /control/fault, GET /control/received/<cufe>.
 * Off unless configured.
 */
export function handleControl(
  control: SimulatorControl,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: string | undefined,
): void {
  if (req.method === 'PUT' && path === '/control/fault') {
    const text = (body ?? '').trim();
    const fault = parseFault(text);
    if (text !== '' && !fault) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown fault\n');
    control.setGlobalFault(fault);
    return void res.writeHead(204).end();
  }
  const received = /^\/control\/received\/([0-9a-f]{96})$/.exec(path);
  if (req.method === 'GET' && received) {
    return void res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ times: control.timesReceived(received[1]!) }));
  }
  res.writeHead(404).end();
}

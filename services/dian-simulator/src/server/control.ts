import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlayBuyerOutcome, PlayBuyerRequest } from '../events/play-buyer.ts';
import { parseFault, type FaultSpec } from '../faults/faults.ts';

/** What a test of another process may do to the simulator (DIAN_SIMULATOR_CONTROL). */
export type SimulatorControl = {
  setGlobalFault(fault: FaultSpec | undefined): void;
  timesReceived(cufe: string): number;
  /** Registers an event on an accepted invoice as its buyer would (events/play-buyer.ts). */
  playBuyer(cufe: string, request: PlayBuyerRequest): Promise<PlayBuyerOutcome>;
  /** The event rules' "today" (YYYY-MM-DD), undefined for the real one; a RangeError for anything else. */
  setToday(date: string | undefined): void;
};

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const text = (res: ServerResponse, status: number, body: string) =>
  void res.writeHead(status, { 'content-type': 'text/plain' }).end(`${body}\n`);

/**
 * Test controls over HTTP for a simulator in its own process: PUT /control/fault, GET /control/received/<cufe>,
 * POST /control/events/<cufe> (play the buyer: a JSON PlayBuyerRequest, answered with the event's ID, CUDE and
 * DIAN's DianResponse fields; 404 for an invoice it never accepted, 400 for a request the builder refuses) and
 * PUT /control/today (YYYY-MM-DD; an empty body goes back to the real date). Off unless configured.
 */
export async function handleControl(
  control: SimulatorControl,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: string | undefined,
): Promise<void> {
  if (req.method === 'PUT' && path === '/control/fault') {
    const spec = (body ?? '').trim();
    const fault = parseFault(spec);
    if (spec !== '' && !fault) return text(res, 400, 'unknown fault');
    control.setGlobalFault(fault);
    return void res.writeHead(204).end();
  }
  if (req.method === 'PUT' && path === '/control/today') {
    const date = (body ?? '').trim();
    try {
      control.setToday(date === '' ? undefined : date);
    } catch (error) {
      return text(res, 400, (error as Error).message);
    }
    return void res.writeHead(204).end();
  }
  const received = /^\/control\/received\/([0-9a-f]{96})$/.exec(path);
  if (req.method === 'GET' && received) return json(res, 200, { times: control.timesReceived(received[1]!) });
  const events = /^\/control\/events\/([0-9a-f]{96})$/.exec(path);
  if (req.method === 'POST' && events) {
    const request = playRequest(body);
    if (!request) return text(res, 400, 'the body is a JSON object with an eventCode');
    const outcome = await control.playBuyer(events[1]!, request);
    if (!outcome.ok) return json(res, outcome.code === 'INVOICE_UNKNOWN' ? 404 : 400, outcome);
    return json(res, 200, { id: outcome.id, cude: outcome.cude, ...outcome.response });
  }
  res.writeHead(404).end();
}

/** The body as a request: the builder checks the fields; only their kinds are checked here. */
function playRequest(body: string | undefined): PlayBuyerRequest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const request = parsed as Record<string, unknown>;
  const optionalText = (key: string) => request[key] === undefined || typeof request[key] === 'string';
  if (typeof request.eventCode !== 'string' || !['claimReason', 'note', 'issuedAt'].every(optionalText))
    return undefined;
  if (request.person !== undefined && (typeof request.person !== 'object' || request.person === null)) return undefined;
  return request as PlayBuyerRequest;
}

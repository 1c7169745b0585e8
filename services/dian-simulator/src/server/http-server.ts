import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { inSpan, remoteParent, SpanKind, tracerFor } from '@fe/telemetry';
import { parseFault, type FaultSpec } from '../faults/faults.ts';
import { handleControl, type SimulatorControl } from './control.ts';
import type { Dispatcher } from './dispatch.ts';
import { untrustedCertificateFault } from './soap-responses.ts';

export const SERVICE_PATH = '/WcfDianCustomerServices.svc';
const HOLD_LIMIT_MS = 10 * 60_000; // a held ("timeout") request is dropped after this, whatever happens

export type HttpOptions = {
  maxRequestBytes: number;
  globalFault: () => FaultSpec | undefined;
  /** The test controls under /control/ (control.ts); absent, those paths are 404 like any other. */
  control?: SimulatorControl;
};

/**
 * node:http around the dispatcher; the wsa:To check uses the URL exactly as the client posted to it, and faults
 * apply before or after processing as their kind requires.
 */
export function createSimulatorServer(dispatch: Dispatcher, options: HttpOptions): Server {
  const held = new Set<Socket>();
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('close', () => held.forEach((socket) => socket.destroy()));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'GET' && url.pathname === '/health')
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    if (options.control && url.pathname.startsWith('/control/'))
      return handleControl(options.control, req, res, url.pathname, await readBody(req, 16 * 1024));
    if (req.method !== 'POST' || url.pathname !== SERVICE_PATH) return void res.writeHead(404).end();
    // A SERVER span per SOAP call, in the caller's trace when it sent a traceparent (operation and status only).
    const operation = /action="[^"]*\/(\w+)"/.exec(header(req, 'content-type') ?? '')?.[1] ?? 'unknown';
    const attributes = { 'rpc.system': 'soap', 'rpc.method': operation };
    const parent = remoteParent(req.headers);
    return inSpan(
      tracerFor('fe.dian-simulator'),
      `DIAN ${operation}`,
      { kind: SpanKind.SERVER, parent, attributes },
      async (span) => {
        await answerSoap(req, res, url);
        if (res.headersSent) span.setAttribute('http.response.status_code', res.statusCode);
      },
    );
  }

  async function answerSoap(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const body = await readBody(req, options.maxRequestBytes);
    if (body === undefined) return void res.writeHead(413).end();

    const fault =
      parseFault(url.searchParams.get('fault')) ??
      parseFault(header(req, 'x-simulator-fault')) ??
      options.globalFault();
    switch (fault?.kind) {
      case 'latency':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        break;
      case 'timeout': {
        held.add(req.socket);
        const drop = setTimeout(() => req.socket.destroy(), HOLD_LIMIT_MS);
        req.socket.once('close', () => {
          clearTimeout(drop);
          held.delete(req.socket);
        });
        return;
      }
      case 'http500':
        return void res.writeHead(500, { 'content-type': 'text/html' }).end();
      case 'http503':
        return void res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      case 'untrusted-cert':
        return void soap(res, 500, untrustedCertificateFault);
      default:
    }
    const answer = dispatch(body, `http://${req.headers.host ?? ''}${req.url ?? ''}`);
    // processed and stored; the answer never leaves
    if (fault?.kind === 'response-lost') return void req.socket.destroy();
    soap(res, answer.status, answer.body);
  }
  return server;
}

function soap(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(body);
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

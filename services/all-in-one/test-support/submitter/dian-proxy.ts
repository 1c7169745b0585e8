// A loopback HTTP proxy in front of the DIAN simulator that sees what DIAN would see: every request
// (operation, answer status), how many were open at once, and a per-request fault plan that it
// passes on as the simulator's `x-simulator-fault` header ("the first SendBillSync loses its answer").
// The Host header is forwarded unchanged, so the wsa:To the client signed (the proxy's URL) is the
// URL the simulator checks.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { soapNs } from '@fe/dian-client';
import { descendants, parseXmlTree, textOf } from '@fe/dian-xml';

export type ProxiedRequest = {
  operation: string;
  url: string;
  fault: string | undefined;
  status: number | undefined;
  /** The zip's name the request carried (SendBillSync's `fileName`), once its body has arrived. */
  fileName: string | undefined;
  startedAt: number;
  endedAt: number | undefined;
};

export type DianProxy = {
  endpoint: string;
  requests: ProxiedRequest[];
  /** The largest number of requests open at the same time. */
  readonly maxInFlight: number;
  /** Operations in arrival order, e.g. ['SendBillSync', 'GetStatus']. */
  operations(): string[];
  /** `nth` counts the requests of that operation from 1, from this call on. Undefined: no fault. */
  setFaultPlan(plan: ((operation: string, nth: number) => string | undefined) | undefined): void;
  close(): Promise<void>;
};

export async function startDianProxy(simulatorEndpoint: string): Promise<DianProxy> {
  const target = new URL(simulatorEndpoint);
  const requests: ProxiedRequest[] = [];
  const counts = new Map<string, number>();
  let plan: ((operation: string, nth: number) => string | undefined) | undefined;
  let inFlight = 0;
  let maxInFlight = 0;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const operation = /action="[^"]*\/([A-Za-z]+)"/.exec(req.headers['content-type'] ?? '')?.[1] ?? 'unknown';
    const nth = (counts.get(operation) ?? 0) + 1;
    counts.set(operation, nth);
    const fault = plan?.(operation, nth);
    const record: ProxiedRequest = {
      operation,
      url: req.url ?? '',
      fault,
      status: undefined,
      fileName: undefined,
      startedAt: Date.now(),
      endedAt: undefined,
    };
    requests.push(record);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      inFlight--;
      record.endedAt = Date.now();
    };
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...(fault ? { 'x-simulator-fault': fault } : {}) },
      },
      (answer) => {
        record.status = answer.statusCode;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', finish);
      },
    );
    // The simulator dropped the connection (response-lost) or the client gave up (timeout): pass it on.
    upstream.on('error', () => {
      finish();
      req.socket.destroy();
    });
    req.socket.on('close', () => {
      finish();
      upstream.destroy();
    });
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      try {
        const envelope = parseXmlTree(Buffer.concat(body).toString('utf8'));
        record.fileName = textOf(descendants(envelope, soapNs.wcf, 'fileName')[0]);
      } catch {
        record.fileName = undefined; // not a SOAP request: the simulator answers it
      }
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}${target.pathname}`,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    operations: () => requests.map((r) => r.operation),
    setFaultPlan: (next) => {
      plan = next;
      counts.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

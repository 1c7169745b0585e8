/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The ingress HTTP app on a real loopback port with a fake tenant directory and its log lines
// captured, plus a raw-socket client: the edges under test (parser errors, timeouts, connection
// limits) happen below anything `inject` or fetch would let a test send.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ingressConfigFromEnv } from '../src/config.ts';
import { createHttpApp } from '../src/http/create-http-app.ts';

export const GOOD_KEY = 'fe_test_good';

const tenants: TenantDirectory = {
  authenticate: async (apiKey) => (apiKey === GOOD_KEY ? { tenantId: 'demo' } : undefined),
  profile: async () => undefined,
  credential: async () => undefined,
};

/** Routes shaped like the service's: a JSON POST and a GET under /api/, a parametric path with two methods. */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/api/v1/echo', async (request) => ({ received: request.body }));
  app.get('/api/v1/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  app.delete('/api/v1/things/:id', async () => ({ deleted: true }));
  app.get('/open', async () => ({ open: true }));
  // An answer that takes a while to prepare, as POST does while it waits for DIAN's verdict.
  app.get('/api/v1/slow', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, Number((request.query as { ms?: string }).ms ?? 0)));
    return { slow: true };
  });
};

/** The app, not listening (for `inject`), with its log lines (debug and up). */
export function buildApp(env: Record<string, string> = {}): { app: FastifyInstance; logs: string[] } {
  const logs: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void logs.push(line) } });
  return { app: createHttpApp({ logger, tenants, config: ingressConfigFromEnv(env), routes: [routes] }), logs };
}

export type Served = { app: FastifyInstance; port: number; logs: string[]; close(): Promise<void> };

export async function serve(env: Record<string, string> = {}): Promise<Served> {
  const { app, logs } = buildApp(env);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    port,
    logs,
    async close() {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

export type RawAnswer = {
  text: string;
  status: number | undefined;
  headers: Record<string, string>;
  body: any;
  closed: boolean;
};

/**
 * Writes `chunks` on a fresh connection and collects what comes back until the server closes or `idleMs` passes
 * silent.
 */
export function exchange(
  port: number,
  chunks: string | ((socket: Socket) => void),
  options: { from?: string; idleMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: options.from });
    let text = '';
    let done = false;
    let idle: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(idle);
      socket.destroy();
      resolve({ ...parse(text), text, closed });
    };
    const armIdle = () => {
      clearTimeout(idle);
      if (options.idleMs !== undefined) idle = setTimeout(() => finish(false), options.idleMs);
    };
    socket.on('connect', () => {
      armIdle();
      if (typeof chunks === 'string') socket.write(chunks);
      else chunks(socket);
    });
    socket.on('data', (data) => {
      text += data.toString('latin1');
      armIdle();
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}

function parse(text: string): Omit<RawAnswer, 'text' | 'closed'> {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  let body: unknown;
  try {
    body = JSON.parse(rest.join('\r\n\r\n'));
  } catch {
    body = undefined;
  }
  return { status: status === undefined ? undefined : Number(status), headers, body };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One thing /readyz asks: a store or the bus, answering within the timeout or throwing. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

export type HealthState = 'starting' | 'ready' | 'stopping';

export type HealthServer = {
  readonly port: number;
  setState(state: HealthState): void;
  close(): Promise<void>;
};

/**
 * `/healthz` answers while the event loop runs, so a slow start or graceful stop is not killed; `/readyz` names the
 * failing checks, never their error text, which may carry an address or user name.
 */
export async function startHealthServer(options: {
  host: string;
  port: number;
  checks: () => readonly ReadinessCheck[];
  timeoutMs: number;
}): Promise<HealthServer> {
  let state: HealthState = 'starting';
  const server: Server = createServer((request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply(405, { error: 'method not allowed' });
    if (path === '/healthz') return reply(200, { status: 'alive', state });
    if (path !== '/readyz') return reply(404, { error: 'not found' });
    if (state !== 'ready') return reply(503, { status: state });
    void failingChecks(options.checks(), options.timeoutMs).then((failing) =>
      failing.length === 0 ? reply(200, { status: 'ready' }) : reply(503, { status: 'not ready', failing }),
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    setState: (next) => void (state = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The names of the checks that threw or did not answer in time, all asked at once. */
async function failingChecks(checks: readonly ReadinessCheck[], timeoutMs: number): Promise<string[]> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
      try {
        const outcome = await Promise.race([check().then(() => 'ok' as const), late]);
        return outcome === 'ok' ? undefined : name;
      } catch {
        return name;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results.filter((name): name is string => name !== undefined);
}

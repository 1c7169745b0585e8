// A slowloris client: many connections from one address, each sending one header line every few seconds and
// opening again when the server closes it; and a prober counting what another client gets meanwhile.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export type SlowClientsReport = {
  /** Connections opened and closed by the server before it read a byte (over a limit). */
  refused: number;
  /** Connections the server cut off with 408 (or closed) after taking some header lines. */
  timedOut: number;
  /** The longest a trickling connection stayed open, in ms. */
  longestOpenMs: number;
};

/**
 * Holds `count` trickling connections to `url`'s host and port until `stop()`; a closed one opens again after
 * `reopenAfterMs`, as an attacker would.
 */
export function startSlowClients(
  url: string,
  options: { count: number; lineEveryMs: number; reopenAfterMs: number },
): { stop(): SlowClientsReport } {
  const { hostname, port } = new URL(url);
  const report: SlowClientsReport = { refused: 0, timedOut: 0, longestOpenMs: 0 };
  const sockets = new Map<Socket, number>(); // each open one, and when it opened
  let stopped = false;
  const open = () => {
    if (stopped) return;
    const openedAt = Date.now();
    let sentLines = 0;
    let timer: NodeJS.Timeout | undefined;
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write('GET /docs/openapi.json HTTP/1.1\r\n');
      sentLines = 1;
      timer = setInterval(() => {
        socket.write(`X-Slow-${sentLines}: ${sentLines}\r\n`);
        sentLines += 1;
      }, options.lineEveryMs);
    });
    sockets.set(socket, openedAt);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (stopped) return;
      const lived = Date.now() - openedAt;
      if (sentLines <= 1 && lived < options.lineEveryMs) report.refused += 1;
      else {
        report.timedOut += 1;
        report.longestOpenMs = Math.max(report.longestOpenMs, lived);
      }
      setTimeout(open, options.reopenAfterMs);
    });
  };
  for (let i = 0; i < options.count; i += 1) open();
  return {
    stop() {
      stopped = true;
      for (const [socket, openedAt] of sockets) {
        report.longestOpenMs = Math.max(report.longestOpenMs, Date.now() - openedAt); // still open: its age so far
        socket.destroy();
      }
      return report;
    },
  };
}

/** GETs `url` on a fresh connection (from `localAddress` when given); true when any status came within `timeoutMs`. */
export function probe(url: string | undefined, timeoutMs: number, localAddress?: string): Promise<boolean> {
  if (url === undefined) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: timeoutMs, ...(localAddress ? { localAddress } : {}) }, (res) => {
      res.resume();
      res.on('end', () => resolve(true));
      res.on('error', () => resolve(false));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Runs `probe` every `everyMs` until `stop()`, counting the answered and the failed. */
export function keepProbing(
  probeOnce: () => Promise<boolean>,
  everyMs: number,
): { stop(): Promise<{ answered: number; failed: number }> } {
  const counts = { answered: 0, failed: 0 };
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const one = probeOnce().then((ok) => void (ok ? counts.answered++ : counts.failed++));
    pending.add(one);
    void one.finally(() => pending.delete(one));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return counts;
    },
  };
}

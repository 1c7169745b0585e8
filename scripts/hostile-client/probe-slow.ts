// p.3: many connections from one address, each trickling a header line every 2 s; meanwhile the health listeners
// answer both that address and another loopback one (127.0.0.2), and the main listeners answer the other one.
import { connect, type Socket } from 'node:net';
import type { Context } from './context.ts';
import { baselineMs, watchWhile } from './latency.ts';
import { Tally } from './tally.ts';
import { sleep } from './context.ts';

export async function probeSlow(context: Context): Promise<Tally> {
  const tally = new Tally('p.3 slow connections');
  const { slowConnections, slowSeconds } = context.settings;
  const url = new URL(context.target.url);
  const bound = Math.max(2000, 20 * (await baselineMs([...context.target.health, ...context.target.served])));
  const sockets = new Set<Socket>();
  const closedEarly = { count: 0, answers: new Map<string, number>() };
  let stopping = false;
  let opened = 0;
  // A socket the service closes is opened again at once: the attacker keeps its count of connections up.
  const open = () => {
    opened++;
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1').split('\r\n')[0] ?? '';
      closedEarly.answers.set(line, (closedEarly.answers.get(line) ?? 0) + 1);
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (stopping) return;
      closedEarly.count++;
      setTimeout(() => stopping || open(), 50);
    });
    socket.write(`GET /docs/openapi.json HTTP/1.1\r\nHost: ${url.host}\r\n`);
  };
  for (let i = 0; i < slowConnections; i++) {
    open();
    if (i % 50 === 49) await sleep(20);
  }
  const trickle = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
  }, 2000);
  const held = sleep(slowSeconds * 1000);
  const [health, served] = await Promise.all([
    watchWhile(held, context.target.health, bound, {
      everyMs: 500,
      localAddresses: [undefined, '127.0.0.2'],
      timeoutMs: 5000,
    }),
    watchWhile(held, context.target.served, bound, { everyMs: 500, localAddresses: ['127.0.0.2'], timeoutMs: 5000 }),
  ]);
  const watch = {
    sent: health.sent + served.sent,
    worstMs: Math.max(health.worstMs, served.worstMs),
    failed: [...health.failed, ...served.failed],
    slow: [...health.slow, ...served.slow],
  };
  stopping = true;
  clearInterval(trickle);
  for (const socket of sockets) socket.destroy();
  tally.sent += opened + watch.sent;
  for (const [line, n] of closedEarly.answers) {
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(line)?.[1] ?? 0);
    if (status >= 500) tally.fiveXx += n;
    else tally.refused.set(`${status || 'closed'} slow connection`, n);
  }
  tally.note(
    `${slowConnections} slow connections for ${slowSeconds} s (${opened} opened): ${closedEarly.count} closed by the service; ` +
      `${watch.sent} health probes, worst ${Math.round(watch.worstMs)} ms`,
  );
  for (const line of watch.failed) tally.isStuck(`health probe failed: ${line}`);
  for (const line of watch.slow) tally.isStuck(`health probe slow: ${line}`);
  return tally;
}

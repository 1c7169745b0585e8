import type { Server, Socket } from 'node:net';
import { networkOf } from './network-of.ts';

/**
 * Caps the connections one client network holds open on `server`, so one address cannot fill the server's global
 * limit (`maxConnections`) and lock every other client out. A connection over the cap is destroyed before a byte of
 * it is read; `refused` is told once each time a network reaches the cap.
 */
export function limitConnectionsPerAddress(
  server: Server,
  limit: number,
  refused: (network: string) => void = () => undefined,
): void {
  const counts = new Map<string, number>();
  const told = new Set<string>();
  // First among the listeners, so the HTTP parser never starts on a refused connection.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return void socket.destroy(); // already gone
    const network = networkOf(address);
    const open = counts.get(network) ?? 0;
    if (open >= limit) {
      socket.destroy();
      if (!told.has(network)) {
        told.add(network);
        refused(network);
      }
      return;
    }
    counts.set(network, open + 1);
    socket.once('close', () => {
      const left = (counts.get(network) ?? 1) - 1;
      if (left > 0) counts.set(network, left);
      else counts.delete(network);
      if (left < limit) told.delete(network);
    });
  });
}

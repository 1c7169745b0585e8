import { createServer } from 'node:net';

/**
 * A loopback TCP port free at the moment of asking, for a server a test starts and owns (another
 * process may take it before the server binds; tests that own a server retry their start on that).
 *
 *   const port = await freePort(); // e.g. 41873
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitConnectionsPerAddress } from './connections-per-address.ts';

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((r) => server?.close(r));
});

async function serve(limit: number, refused: string[]): Promise<number> {
  server = createServer((_req, res) => res.end('ok'));
  limitConnectionsPerAddress(server, limit, (network) => refused.push(network));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** Opens a connection and sends a request: 'answered', or 'closed' when the server hung up without a byte. */
function ask(port: number, localAddress = '127.0.0.1', keep = false): Promise<'answered' | 'closed'> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () =>
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
    );
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      if (!keep) socket.destroy();
      resolve('answered');
    });
    socket.once('close', () => resolve('closed'));
  });
}

describe('limitConnectionsPerAddress', () => {
  it('closes a connection over the cap unread, lets another address in, and frees the place on close', async () => {
    const refused: string[] = [];
    const port = await serve(2, refused);
    expect(await ask(port, '127.0.0.1', true)).toBe('answered');
    expect(await ask(port, '127.0.0.1', true)).toBe('answered');
    expect(await ask(port)).toBe('closed');
    expect(await ask(port)).toBe('closed');
    expect(await ask(port, '127.0.0.2')).toBe('answered');
    expect(refused).toEqual(['127.0.0.1']); // told once while at the cap
    sockets[0]!.destroy();
    await expect.poll(() => ask(port)).toBe('answered');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { deadlineTransport } from './deadline-transport.ts';

// A server that answers part of the way and then nothing (the S3-down test covers one that never answers).
let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function hangingAfterHeaders(): Promise<number> {
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-length': '1000' });
    response.write('the first bytes');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('deadlineTransport', () => {
  it(
    'ends a request whose body stops coming, so a read of it fails instead of waiting for ever',
    { timeout: 10_000 },
    async () => {
      const port = await hangingAfterHeaders();
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = deadlineTransport(200).request({ host: '127.0.0.1', port, path: '/', method: 'GET' }, resolve);
        // the abort is reported on the request too; the body read below is what the store awaits
        request.on('error', () => {});
        request.once('error', reject);
        request.end();
      });
      const read = async () => {
        for await (const _ of response);
      };
      await expect(read()).rejects.toThrow();
    },
  );
});

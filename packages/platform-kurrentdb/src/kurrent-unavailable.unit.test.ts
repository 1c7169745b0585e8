import { createServer, type Server, type Socket } from 'node:net';
import { sampleEnvelope } from '@fe/platform/testing';
import { jsonEvent, KurrentDBClient, NO_STREAM, UnavailableError } from '@kurrent/kurrentdb-client';
import { afterAll, describe, expect, it } from 'vitest';
import { KurrentEventStore } from './kurrent-event-store.ts';
import { translateKurrentError } from './translate-error.ts';

/** A loopback port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const everyCall = (store: KurrentEventStore) => [
  () => store.append('inv-demo-SETP1', [sampleEnvelope('inv-demo-SETP1')], 'no_stream'),
  () => store.read('inv-demo-SETP1'),
  () => store.readAll({ after: 0n }),
  () => store.readAll({ after: 4_096n }),
  () => store.head(),
];

// No server is needed: the client is real and talks to real sockets on loopback.
describe('KurrentDB unreachable', () => {
  const sockets: Socket[] = [];
  let silent: Server | undefined;
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  });

  it("fails every call on a closed port with the retriable STORE_UNAVAILABLE, caused by the client's UnavailableError, before the deadline", async () => {
    const store = KurrentEventStore.connect(`kurrentdb://127.0.0.1:${await closedPort()}?tls=false`, {
      deadlineMs: 5_000,
    });
    try {
      for (const call of everyCall(store)) {
        await expect(call()).rejects.toMatchObject({
          name: 'PlatformError',
          code: 'STORE_UNAVAILABLE',
          retriable: true,
          cause: expect.any(UnavailableError),
        });
      }
    } finally {
      await store.close();
    }
  });

  it('translates the client\'s own append failure on a closed port (grpc-js\'s bare "14 UNAVAILABLE") to the retriable STORE_UNAVAILABLE', async () => {
    const client = KurrentDBClient.connectionString(`kurrentdb://127.0.0.1:${await closedPort()}?tls=false`);
    try {
      const failure: unknown = await client
        .appendToStream('inv-demo-SETP1', [jsonEvent({ type: 'InvoiceRequested', data: {} })], {
          streamState: NO_STREAM,
          deadline: 5_000,
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toMatchObject({ code: 14 });
      expect(translateKurrentError(failure)).toMatchObject({
        code: 'STORE_UNAVAILABLE',
        retriable: true,
        cause: failure,
      });
    } finally {
      await client.dispose();
    }
  });

  it('fails every call on a server that accepts connections and never answers, at the deadline, retriably', async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const store = KurrentEventStore.connect(`kurrentdb://127.0.0.1:${port}?tls=false`, { deadlineMs: 300 });
    try {
      for (const call of everyCall(store)) {
        await expect(call()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
      }
    } finally {
      await store.close();
    }
  });

  it("ends a call the client never answers at the store's own deadline (the client's reads take none)", async () => {
    const never: AsyncIterableIterator<never> = {
      next: () => new Promise(() => {}),
      [Symbol.asyncIterator]: () => never,
    };
    const silentClient = {
      readStream: () => never,
      readAll: () => never,
      appendToStream: () => new Promise(() => {}),
      dispose: async () => {},
    } as unknown as KurrentDBClient;
    const store = new KurrentEventStore(silentClient, { deadlineMs: 50 });
    for (const call of everyCall(store)) {
      await expect(call()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
    }
    await store.close();
  });

  it('reports a closed store as STORE_UNAVAILABLE without going to the network', async () => {
    const store = KurrentEventStore.connect(`kurrentdb://127.0.0.1:${await closedPort()}?tls=false`);
    await store.close();
    for (const call of everyCall(store)) {
      await expect(call()).rejects.toMatchObject({
        code: 'STORE_UNAVAILABLE',
        retriable: true,
        message: 'the event store is closed',
      });
    }
  });
});

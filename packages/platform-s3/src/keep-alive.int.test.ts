import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startVersitygw, type VersitygwServer } from '../test-support/versitygw-server.ts';
import { s3BlobStoreConfigSchema } from './config.ts';
import type { Transport } from './deadline-transport.ts';
import { S3BlobStore } from './s3-blob-store.ts';

// Its own versitygw: the shared one may predate `--keep-alive` and close every connection itself.
const dataDir = mkdtempSync(join(tmpdir(), 'fe-s3-keep-alive-'));
let server: VersitygwServer;
beforeAll(async () => void (server = await startVersitygw(dataDir)));
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a warm store sends one request after another on one connection, a missing object (404) included', async () => {
  const sockets = new Set<Socket>();
  const counting: Transport = {
    request: ((options: http.RequestOptions, callback?: (response: http.IncomingMessage) => void) =>
      http.request(options, callback).on('socket', (socket) => sockets.add(socket))) as Transport['request'],
  };
  const config = s3BlobStoreConfigSchema.parse({
    endpoint: server.endpoint,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    bucket: 'fe-keep-alive',
  });
  const store = await S3BlobStore.open(config, { transport: counting });
  const before = sockets.size;
  for (let i = 0; i < 5; i++) {
    await store.put(`t/${i}.xml`, `<i>${i}</i>`, 'application/xml');
    expect(new TextDecoder().decode((await store.get(`t/${i}.xml`)).bytes)).toBe(`<i>${i}</i>`);
    expect(await store.exists(`t/missing-${i}.xml`)).toBe(false);
  }
  expect(sockets.size - before).toBeLessThanOrEqual(1);
});

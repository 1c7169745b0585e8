import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVersitygw, type VersitygwServer } from '../test-support/versitygw-server.ts';
import { s3BlobStoreConfigSchema, type S3BlobStoreConfig } from './config.ts';
import { S3BlobStore } from './s3-blob-store.ts';

// "S3 down": this file starts its own versitygw and stops it by process id; the shared server is not its to stop.
const retriable = { code: 'STORE_UNAVAILABLE', retriable: true };
const text = (blob: { bytes: Uint8Array }) => new TextDecoder().decode(blob.bytes);

describe('S3 down', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-s3-down-'));
  let server: VersitygwServer;
  let config: S3BlobStoreConfig;

  beforeAll(async () => {
    server = await startVersitygw(dataDir);
    config = s3BlobStoreConfigSchema.parse({
      endpoint: server.endpoint,
      accessKey: server.accessKey,
      secretKey: server.secretKey,
      bucket: 'fe-s3-down',
      requestTimeoutMs: 500,
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Without the request deadline, the put below waits for ever on a server that took the
  // connection and never answers; the test's own timeout is the bound that would then fail it.
  it(
    'a hung server (SIGSTOP) fails put, get and exists with a retriable error at the request deadline; resumed, the same store works',
    { timeout: 20_000 },
    async () => {
      const store = await S3BlobStore.open(config);
      await store.put('t/before.xml', '<before/>', 'application/xml');
      server.pause();
      try {
        await expect(store.put('t/during.xml', '<during/>', 'application/xml')).rejects.toMatchObject(retriable);
        await expect(store.get('t/before.xml')).rejects.toMatchObject(retriable);
        await expect(store.exists('t/before.xml')).rejects.toMatchObject(retriable); // not a guessed "no"
      } finally {
        server.resume();
      }
      await store.put('t/after.xml', '<after/>', 'application/xml');
      expect(text(await store.get('t/before.xml'))).toBe('<before/>');
    },
  );

  it(
    'killed (SIGKILL) while invoices flow: puts fail retriably, and after a restart every appended event names its blob, byte for byte',
    { timeout: 60_000 },
    async () => {
      const store = await S3BlobStore.open(config);
      // the caller's event log: appended only after its put resolved
      const events: { key: string; body: string }[] = [];
      const failures: unknown[] = [];
      let killed: Promise<void> | undefined;
      const writer = async (id: number) => {
        for (let i = 0; i < 30; i++) {
          const key = `inv/w${id}-${i}.xml`;
          const body = `<Invoice id="${id}-${i}">${'x'.repeat(i * 700)}</Invoice>`;
          try {
            await store.put(key, body, 'application/xml');
          } catch (error) {
            failures.push(error);
            continue;
          }
          events.push({ key, body });
          if (events.length === 12) killed = server.kill(); // other writers' puts are in flight
        }
      };
      await Promise.all([0, 1, 2, 3].map(writer));
      await killed;

      expect(events.length).toBeGreaterThanOrEqual(12);
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) expect(failure).toMatchObject(retriable);
      // a service starting now fails and is restarted
      await expect(S3BlobStore.open(config)).rejects.toMatchObject(retriable);
      // links need no server: the status endpoint keeps answering
      expect(await store.signedUrl(events[0]!.key, 3600)).toContain('X-Amz-Signature=');

      await server.restart();
      const reopened = await S3BlobStore.open(config);
      for (const event of events) expect(text(await reopened.get(event.key))).toBe(event.body);
      // the store that saw the outage needs no rebuilding
      await store.put('inv/after-restart.xml', '<after/>', 'application/xml');
      expect(await reopened.exists('inv/after-restart.xml')).toBe(true);
    },
  );
});

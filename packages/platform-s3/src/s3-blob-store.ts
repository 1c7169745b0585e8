import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isValidBlobKey, PlatformError, systemClock, type BlobStore, type Clock, type StoredBlob } from '@fe/platform';
import { Client, S3Error, type ClientOptions } from 'minio';
import type { S3BlobStoreConfig } from './config.ts';
import { baseTransportFor, deadlineTransport, type Transport } from './deadline-transport.ts';
import { keepAliveAgent } from './keep-alive-agent.ts';
import { linkWindow } from './link-window.ts';
import { isS3NotFound, platformErrorOf } from './s3-errors.ts';

export type S3BlobStoreOptions = {
  /** Dates the presigned links (tests move it). Default: the system clock. */
  clock?: Clock;
  /** The HTTP transport under the request deadline (tests put a fault in it). Default: node:http or node:https. */
  transport?: Transport;
};

/**
 * Blobs in one S3 bucket. `put` is a single PutObject with its digests, resolved only on S3's 200, so a blob is
 * whole and durable before the event that names it; failures are the retriable STORE_UNAVAILABLE.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: Client;
  private readonly presigner: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly signsPayload: boolean;
  private readonly clock: Clock;

  /** The store, once its bucket exists (created if missing; another process creating it too is fine). */
  static async open(config: S3BlobStoreConfig, options: S3BlobStoreOptions = {}): Promise<S3BlobStore> {
    const store = new S3BlobStore(config, options);
    await store.ensureBucket();
    return store;
  }

  private constructor(config: S3BlobStoreConfig, options: S3BlobStoreOptions) {
    const endpoint = new URL(config.endpoint);
    // minio signs the payload's sha256 over HTTP, UNSIGNED-PAYLOAD over TLS
    this.signsPayload = endpoint.protocol === 'http:';
    const transport = deadlineTransport(
      config.requestTimeoutMs,
      options.transport ?? baseTransportFor(!this.signsPayload),
    );
    // the caller owns retries
    this.client = new Client({
      ...clientOptions(endpoint, config),
      transport,
      transportAgent: keepAliveAgent(!this.signsPayload),
      retryOptions: { disableRetry: true },
    });
    this.presigner = config.publicEndpoint
      ? new Client(clientOptions(new URL(config.publicEndpoint), config))
      : this.client;
    this.bucket = config.bucket;
    this.region = config.region;
    this.clock = options.clock ?? systemClock;
  }

  async put(key: string, bytes: Uint8Array | string, contentType: string): Promise<void> {
    this.checkKey(key);
    const body =
      typeof bytes === 'string'
        ? Buffer.from(bytes, 'utf8')
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const md5 = createHash('md5').update(body).digest();
    const headers = {
      'content-type': contentType,
      'content-length': String(body.length),
      'content-md5': md5.toString('base64'),
    };
    const sha256 = this.signsPayload ? createHash('sha256').update(body).digest('hex') : '';
    let etag: string | undefined;
    try {
      const response = await this.client.makeRequestStreamAsync(
        { method: 'PUT', bucketName: this.bucket, objectName: key, headers },
        body,
        sha256,
        [200],
        this.region,
      );
      await drain(response);
      etag = response.headers.etag?.replaceAll('"', '').toLowerCase();
    } catch (error) {
      throw platformErrorOf(error, 'store', key);
    }
    // A plain ETag is the MD5 the server computed over what it stored (not so under SSE-KMS or SSE-C).
    if (etag && /^[0-9a-f]{32}$/.test(etag) && etag !== md5.toString('hex')) {
      throw new PlatformError('STORE_UNAVAILABLE', `S3 stored ${key} with another digest than was sent`, true);
    }
  }

  async get(key: string): Promise<StoredBlob> {
    this.checkKey(key);
    try {
      const response = await this.client.makeRequestAsync(
        { method: 'GET', bucketName: this.bucket, objectName: key },
        '',
        [200],
        this.region,
      );
      const bytes = await readAll(response); // inside the try: a body cut short or past its deadline is retriable too
      return { bytes, contentType: response.headers['content-type'] ?? 'application/octet-stream' };
    } catch (error) {
      throw platformErrorOf(error, 'read', key);
    }
  }

  async exists(key: string): Promise<boolean> {
    this.checkKey(key);
    try {
      await drain(
        await this.client.makeRequestAsync(
          { method: 'HEAD', bucketName: this.bucket, objectName: key },
          '',
          [200],
          this.region,
        ),
      );
      return true;
    } catch (error) {
      if (isS3NotFound(error)) return false;
      throw platformErrorOf(error, 'look up', key); // "no" would be a guess while S3 is away
    }
  }

  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    this.checkKey(key);
    const window = linkWindow(this.clock.now(), expiresInSeconds);
    // Served inline under its own name, as the embedded shape's GET /files does.
    const disposition = { 'response-content-disposition': `inline; filename="${key.slice(key.lastIndexOf('/') + 1)}"` };
    return this.presigner.presignedGetObject(this.bucket, key, window.expiresInSeconds, disposition, window.signedAt);
  }

  private async ensureBucket(): Promise<void> {
    try {
      if (await this.client.bucketExists(this.bucket)) return;
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another process made it first: S3 says BucketAlreadyOwnedByYou, versitygw 1.7 a 500 for the race.
      if (error instanceof S3Error && error.code === 'BucketAlreadyOwnedByYou') return;
      if (await this.client.bucketExists(this.bucket).catch(() => false)) return;
      throw platformErrorOf(error, 'create the bucket', this.bucket);
    }
  }

  private checkKey(key: string): void {
    if (!isValidBlobKey(key)) throw new PlatformError('BLOB_KEY_INVALID', 'invalid blob key', false);
  }
}

function clientOptions(endpoint: URL, config: S3BlobStoreConfig): ClientOptions {
  return {
    endPoint: endpoint.hostname,
    ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
    useSSL: endpoint.protocol === 'https:',
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region,
    pathStyle: true,
  };
}

async function readAll(response: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function drain(response: IncomingMessage): Promise<void> {
  for await (const _ of response); // the socket goes back to the pool only once the body is read
}

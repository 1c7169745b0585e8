import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import http from 'node:http';
import { blobStoreContract } from '@fe/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { removeBucket, s3TestConfig, uniqueBucket } from '../test-support/s3-test-env.ts';
import type { Transport } from './deadline-transport.ts';
import { S3BlobStore } from './s3-blob-store.ts';

const config = s3TestConfig(import.meta.filename);
const otherBuckets: string[] = [];
afterAll(async () => {
  for (const bucket of [config.bucket, ...otherBuckets]) await removeBucket({ ...config, bucket });
});

/** A real HTTP GET, as a browser or an integrator's client would fetch xml_url. */
async function fetchUrl(url: string) {
  const response = await fetch(url);
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    body,
    contentType: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition'),
  };
}

blobStoreContract('s3', async () => {
  let lagSeconds = 0;
  const store = await S3BlobStore.open(config, { clock: { now: () => new Date(Date.now() - lagSeconds * 1000) } });
  return { store, fetchUrl, mintSecondsAgo: (seconds: number) => void (lagSeconds = seconds) };
});

describe('S3BlobStore specifics', () => {
  it('creates its bucket when missing, and several processes opening it at once all succeed', async () => {
    const bucket = uniqueBucket('fresh');
    otherBuckets.push(bucket);
    const stores = await Promise.all(Array.from({ length: 8 }, () => S3BlobStore.open({ ...config, bucket })));
    await stores[0]!.put('t/a.xml', '<a/>', 'application/xml');
    expect(await stores[7]!.exists('t/a.xml')).toBe(true);
  });

  it('opens when creating the bucket fails but another process made it (versitygw answers that race with a 500)', async () => {
    const bucket = uniqueBucket('raced');
    otherBuckets.push(bucket);
    const store = await S3BlobStore.open({ ...config, bucket }, { transport: answeringCreateBucketWith500(bucket) });
    await store.put('t/a.xml', '<a/>', 'application/xml');
  });

  it('serves a PDF through its presigned link byte for byte, with its type and file name', async () => {
    const store = await S3BlobStore.open(config);
    // every byte value, and a body larger than one TCP segment
    const pdf = new Uint8Array(70_000).map((_, i) => (i * 131) % 256);
    await store.put('demo/SETP990000002.pdf', pdf, 'application/pdf');
    const url = await store.signedUrl('demo/SETP990000002.pdf', 7 * 24 * 3600);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('604800');
    const fetched = await fetchUrl(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(fetched.body).equals(Buffer.from(pdf))).toBe(true);
    expect(fetched.contentType).toBe('application/pdf');
    expect(fetched.disposition).toBe('inline; filename="SETP990000002.pdf"');
  });

  it('cuts a lifetime beyond 7 days to 7 days, which S3 still honours', async () => {
    const store = await S3BlobStore.open(config);
    await store.put('demo/long.xml', '<long/>', 'application/xml');
    const url = await store.signedUrl('demo/long.xml', 30 * 24 * 3600);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('604800');
    expect((await fetchUrl(url)).status).toBe(200);
  });

  it('signs links for the public endpoint when one is configured', async () => {
    const publicEndpoint = config.endpoint.replace('127.0.0.1', 'localhost');
    const store = await S3BlobStore.open({ ...config, publicEndpoint });
    await store.put('demo/public.xml', '<p/>', 'application/xml');
    const url = await store.signedUrl('demo/public.xml', 300);
    expect(new URL(url).hostname).toBe('localhost');
    expect((await fetchUrl(url)).status).toBe(200);
  });

  it('a body changed on the way is refused by the server, and the stored blob stays as it was', async () => {
    const store = await S3BlobStore.open(config);
    await store.put('demo/digest.xml', '<v1/>', 'application/xml');
    const corrupting = await S3BlobStore.open(config, { transport: flippingFirstByteOfPuts() });
    await expect(corrupting.put('demo/digest.xml', '<v2/>', 'application/xml')).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      retriable: true,
    });
    expect(new TextDecoder().decode((await store.get('demo/digest.xml')).bytes)).toBe('<v1/>');
  });

  it('a put whose ETag is not the MD5 that was sent fails, so no event is appended after it', async () => {
    const lying = await S3BlobStore.open(config, {
      transport: answeringWithEtag('"00000000000000000000000000000000"'),
    });
    await expect(lying.put('demo/etag.xml', '<e/>', 'application/xml')).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      retriable: true,
    });
  });

  it('wrong keys are final, not retriable', async () => {
    const store = S3BlobStore.open({ ...config, secretKey: `${config.secretKey}-wrong` });
    await expect(store).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: false });
  });
});

/** A transport that changes one byte of every PUT body after it was signed and digested. */
function flippingFirstByteOfPuts(): Transport {
  const request = (options: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest => {
    const req = http.request(options, callback);
    if (options.method !== 'PUT') return req;
    const end = req.end.bind(req) as (chunk?: unknown) => ClientRequest;
    req.end = ((chunk?: unknown) => {
      if (Buffer.isBuffer(chunk) && chunk.length > 0)
        chunk = Buffer.concat([Buffer.from([chunk[0]! ^ 0x20]), chunk.subarray(1)]);
      return end(chunk);
    }) as ClientRequest['end'];
    return req;
  };
  return { request: request as Transport['request'] };
}

/** A transport that replaces the ETag of every answer, as a server that stored other bytes would. */
function answeringWithEtag(etag: string): Transport {
  const request = (options: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest =>
    http.request(options, (response) => {
      if (response.headers.etag) response.headers.etag = etag;
      callback?.(response);
    });
  return { request: request as Transport['request'] };
}

/** A transport that lets the server create the bucket and then reports a 500, as a lost race looks. */
function answeringCreateBucketWith500(bucket: string): Transport {
  const request = (options: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest =>
    http.request(options, (response) => {
      if (options.method === 'PUT' && options.path === `/${bucket}`) response.statusCode = 500;
      callback?.(response);
    });
  return { request: request as Transport['request'] };
}

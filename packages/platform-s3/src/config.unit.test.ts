import { describe, expect, it } from 'vitest';
import { s3BlobStoreConfigFromEnv, s3BlobStoreEnv } from './config.ts';

describe('S3 blob store configuration', () => {
  it('reads every key from its FE_S3_* variable', () => {
    expect(s3BlobStoreEnv).toEqual({
      endpoint: 'FE_S3_ENDPOINT',
      publicEndpoint: 'FE_S3_PUBLIC_ENDPOINT',
      bucket: 'FE_S3_BUCKET',
      accessKey: 'FE_S3_ACCESS_KEY',
      secretKey: 'FE_S3_SECRET_KEY',
      region: 'FE_S3_REGION',
      requestTimeoutMs: 'FE_S3_REQUEST_TIMEOUT_MS',
    });
    const config = s3BlobStoreConfigFromEnv({
      FE_S3_ENDPOINT: 'https://s3.example.co',
      FE_S3_ACCESS_KEY: 'id',
      FE_S3_SECRET_KEY: 'secret',
      FE_S3_REQUEST_TIMEOUT_MS: '2500',
    });
    expect(config).toEqual({
      endpoint: 'https://s3.example.co',
      bucket: 'fe-documents',
      accessKey: 'id',
      secretKey: 'secret',
      region: 'us-east-1',
      requestTimeoutMs: 2500,
    });
  });

  it('has no default keys, and refuses a bucket name S3 would refuse', () => {
    expect(() => s3BlobStoreConfigFromEnv({})).toThrow(/accessKey|secretKey/);
    expect(() =>
      s3BlobStoreConfigFromEnv({ FE_S3_ACCESS_KEY: 'id', FE_S3_SECRET_KEY: 's', FE_S3_BUCKET: 'Invoices_2026' }),
    ).toThrow(/bucket/);
  });

  it('takes endpoints as scheme, host and port: the client would drop a path, and sign links for the wrong URL', () => {
    const keys = { FE_S3_ACCESS_KEY: 'id', FE_S3_SECRET_KEY: 's' };
    expect(() => s3BlobStoreConfigFromEnv({ ...keys, FE_S3_ENDPOINT: 'http://127.0.0.1:9000/s3' })).toThrow(/endpoint/);
    expect(() =>
      s3BlobStoreConfigFromEnv({ ...keys, FE_S3_PUBLIC_ENDPOINT: 'https://files.example.co/documents' }),
    ).toThrow(/publicEndpoint/);
    expect(() => s3BlobStoreConfigFromEnv({ ...keys, FE_S3_ENDPOINT: 'ftp://127.0.0.1:9000' })).toThrow(/endpoint/);
    expect(
      s3BlobStoreConfigFromEnv({ ...keys, FE_S3_PUBLIC_ENDPOINT: 'https://files.example.co/' }).publicEndpoint,
    ).toBe('https://files.example.co/');
  });
});

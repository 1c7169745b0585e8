import { S3Error } from 'minio';
import { describe, expect, it } from 'vitest';
import { platformErrorOf } from './s3-errors.ts';

const s3Error = (code: string) => Object.assign(new S3Error('refused'), { code });
const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:59000`), { code });

describe('platformErrorOf', () => {
  it.each([
    ['a missing object', s3Error('NoSuchKey'), { code: 'BLOB_NOT_FOUND', retriable: false }],
    ['a missing object answered to HEAD', s3Error('NotFound'), { code: 'BLOB_NOT_FOUND', retriable: false }],
    ['a refused connection', systemError('ECONNREFUSED'), { code: 'STORE_UNAVAILABLE', retriable: true }],
    ['a reset connection', systemError('ECONNRESET'), { code: 'STORE_UNAVAILABLE', retriable: true }],
    [
      'the request deadline',
      Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' }),
      { code: 'STORE_UNAVAILABLE', retriable: true },
    ],
    ['a busy server', s3Error('SlowDown'), { code: 'STORE_UNAVAILABLE', retriable: true }],
    ['a digest the server refused', s3Error('BadDigest'), { code: 'STORE_UNAVAILABLE', retriable: true }],
    ['wrong keys', s3Error('SignatureDoesNotMatch'), { code: 'STORE_UNAVAILABLE', retriable: false }],
    ['no such bucket', s3Error('NoSuchBucket'), { code: 'STORE_UNAVAILABLE', retriable: false }],
    [
      'a header Node refuses',
      Object.assign(new TypeError('Invalid character in header content'), { code: 'ERR_INVALID_CHAR' }),
      { code: 'STORE_UNAVAILABLE', retriable: false },
    ],
  ])('%s', (_, error, expected) => {
    expect(platformErrorOf(error, 'store', 'demo/a.xml')).toMatchObject(expected);
  });

  it('keeps nothing of the request in the error: no cause, the signature never reaches a log', () => {
    const error = Object.assign(s3Error('AccessDenied'), { resource: '/b/demo/a.xml?X-Amz-Signature=abc' });
    const mapped = platformErrorOf(error, 'store', 'demo/a.xml');
    expect(mapped.cause).toBeUndefined();
    expect(JSON.stringify({ ...mapped, message: mapped.message })).not.toContain('Signature=');
  });
});

import { PlatformError } from '@fe/platform';
import { S3Error } from 'minio';

/** S3 answers that mean the deployment is wrong (keys, bucket, region): retrying will not help. */
const MISCONFIGURED = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'NoSuchBucket',
  'InvalidBucketName',
  'AuthorizationHeaderMalformed',
  'InvalidRegion',
  'MethodNotAllowed',
  'MovedPermanently',
  'TemporaryRedirect',
]);

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound']);

export const isS3NotFound = (error: unknown): boolean => error instanceof S3Error && NOT_FOUND.has(error.code ?? '');

/**
 * One S3 failure as the platform's error. The minio error is not kept as the cause: its fields come from the
 * request, and a log must never carry a signature.
 */
export function platformErrorOf(error: unknown, doing: string, key: string): PlatformError {
  if (error instanceof PlatformError) return error;
  if (error instanceof S3Error) {
    const code = error.code ?? 'UnknownError';
    if (NOT_FOUND.has(code)) return new PlatformError('BLOB_NOT_FOUND', `no blob ${key}`, false);
    return new PlatformError('STORE_UNAVAILABLE', `S3 refused to ${doing} ${key}: ${code}`, !MISCONFIGURED.has(code));
  }
  if (error instanceof TypeError) {
    // a header Node refuses (say, a content type with a line break): the same call fails again
    return new PlatformError(
      'STORE_UNAVAILABLE',
      `S3 request to ${doing} ${key} could not be made: ${'code' in error ? String(error.code) : error.name}`,
      false,
    );
  }
  const reason = !(error instanceof Error)
    ? 'unknown failure'
    : error.name === 'AbortError'
      ? 'no answer before the request deadline' // deadline-transport.ts
      : // minio's wording for a 5xx, 408 or 429 it did not retry
        (/Retryable HTTP status: \d+/.exec(error.message)?.[0].replace('Retryable ', '') ??
        `${error.name}${'code' in error && typeof error.code === 'string' ? ` ${error.code}` : ''}`);
  return new PlatformError('STORE_UNAVAILABLE', `S3 could not ${doing} ${key}: ${reason}`, true);
}

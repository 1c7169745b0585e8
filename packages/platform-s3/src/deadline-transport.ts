import http from 'node:http';
import https from 'node:https';

export type Transport = Pick<typeof http, 'request'>;

/**
 * An HTTP transport whose every request ends by `timeoutMs`: the minio client sets none, and a hung server would
 * otherwise hold a put, and the event after it, for ever.
 */
export function deadlineTransport(timeoutMs: number, base: Transport = http): Transport {
  const request = (
    options: http.RequestOptions,
    callback?: (response: http.IncomingMessage) => void,
  ): http.ClientRequest => base.request({ ...options, signal: AbortSignal.timeout(timeoutMs) }, callback);
  return { request: request as Transport['request'] };
}

export const baseTransportFor = (useSsl: boolean): Transport => (useSsl ? https : http);

import http from 'node:http';
import https from 'node:https';

export type Transport = Pick<typeof http, 'request'>;

/**
 * An HTTP transport for the minio client whose every request ends by `timeoutMs`: connecting,
 * sending, the answer's headers and the body the client reads after. The client sets no timeout
 * of its own, so a server that accepts the connection and then hangs (a stopped process, a full
 * disk, a network partition) would otherwise hold a put, and the event after it, for ever.
 * The abort surfaces as a `TimeoutError`, which the store reports as retriable.
 */
export function deadlineTransport(timeoutMs: number, base: Transport = http): Transport {
  const request = (options: http.RequestOptions, callback?: (response: http.IncomingMessage) => void): http.ClientRequest =>
    base.request({ ...options, signal: AbortSignal.timeout(timeoutMs) }, callback);
  return { request: request as Transport['request'] };
}

export const baseTransportFor = (useSsl: boolean): Transport => (useSsl ? https : http);

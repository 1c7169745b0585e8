import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { DianClientError } from '../errors.ts';
import type { SoapRequest } from './envelope.ts';

export type TransportOptions = {
  /** Whole exchange, from connecting to the last byte of the answer (ms). */
  timeoutMs: number;
  /** Until the TCP (and TLS) connection is up (ms). */
  connectTimeoutMs: number;
  /** Extra trusted CA certificates (PEM) for https, e.g. a loopback simulator's. Verification stays on. */
  ca?: string | undefined;
  /** The call's W3C trace context (`traceparent`), so a server that traces joins the caller's trace. */
  traceHeaders?: Readonly<Record<string, string>>;
  /** Answers larger than this are cut off as malformed (bytes). */
  maxResponseBytes: number;
  /** Reused connections (connectionAgent), or undefined for a new connection per call. */
  agent?: HttpAgent | undefined;
  /**
   * A `performance.now()` instant by which the call is over: the request is never written after it, and the call is
   * cut then if `timeoutMs` ends later. A send's exclusivity lease is measured from the same instant.
   */
  deadline?: number | undefined;
};

/**
 * Keep-alive connections for one endpoint. An idle connection is closed after `idleMs`, well below
 * the usual server idle timeouts, so the client rarely sends on a socket the server is closing; when
 * it does, the failure is CONNECTION_RESET with outcomeUnknown, and the submitter reconciles with
 * GetStatus before any resend, as for any cut connection. Saves a TCP (and TLS) handshake per call.
 */
export function connectionAgent(url: URL, idleMs: number, ca?: string): HttpAgent {
  const options = { keepAlive: true, timeout: idleMs, maxFreeSockets: 16 };
  return url.protocol === 'https:'
    ? new HttpsAgent({ ...options, rejectUnauthorized: true, ...(ca ? { ca } : {}) })
    : new HttpAgent(options);
}

export type HttpAnswer = { status: number; body: string };

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost)$/;
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS|ERR_SSL/;

/** True for an endpoint on this machine (the simulator), false for any other host or an unreadable URL. */
export function isLoopbackEndpoint(endpoint: string): boolean {
  return URL.canParse(endpoint) && LOOPBACK.test(new URL(endpoint).hostname);
}

/** Accepts https anywhere, plain http only to loopback (the simulator); never turns TLS checks off. */
export function checkEndpoint(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new DianClientError('ENDPOINT_INVALID');
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol !== 'http:') throw new DianClientError('ENDPOINT_INVALID');
  if (!LOOPBACK.test(url.hostname)) throw new DianClientError('INSECURE_ENDPOINT');
  return url;
}

/**
 * POSTs one SOAP request. Transport failures become DianClientError with `outcomeUnknown` set once
 * the request may have reached DIAN (connection established): the caller reconciles before resending.
 */
export function postSoap(url: URL, soap: SoapRequest, options: TransportOptions): Promise<HttpAnswer> {
  const left = options.deadline === undefined ? Infinity : options.deadline - performance.now();
  if (left <= 0) return Promise.reject(new DianClientError('TIMEOUT', { detail: 'deadline passed before sending' }));
  return new Promise((resolve, reject) => {
    let connected = false;
    let settled = false;
    const finish = (error: DianClientError | undefined, answer?: HttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(connectDeadline);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(answer!);
    };
    const body = Buffer.from(soap.body, 'utf8');
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      headers: { ...options.traceHeaders, 'content-type': soap.contentType, 'content-length': body.length },
      ...(url.protocol === 'https:' ? { rejectUnauthorized: true, ...(options.ca ? { ca: options.ca } : {}) } : {}),
      agent: options.agent ?? false,
    });
    const deadline = setTimeout(
      () => finish(new DianClientError('TIMEOUT', { outcomeUnknown: connected })),
      Math.min(options.timeoutMs, left),
    );
    const connectDeadline = setTimeout(() => {
      if (!connected) finish(new DianClientError('TIMEOUT', { detail: 'connect' }));
    }, options.connectTimeoutMs);
    // The body is written once connected, and only before the deadline: a process stalled past it (CPU starved,
    // stopped) sends nothing when it wakes, as the timer phase runs before the connect callback.
    const write = () => {
      if (settled) return;
      if (options.deadline !== undefined && performance.now() >= options.deadline)
        return finish(new DianClientError('TIMEOUT', { detail: 'deadline passed before sending' }));
      connected = true;
      req.end(body);
    };
    req.on('socket', (socket) => {
      if (!socket.connecting && socket.remoteAddress !== undefined)
        write(); // a reused keep-alive connection
      else socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', write);
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish(transportError(error, connected)));
    req.on('response', (res: IncomingMessage) => {
      connected = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxResponseBytes)
          finish(new DianClientError('RESPONSE_MALFORMED', { outcomeUnknown: true, detail: 'answer too large' }));
        else chunks.push(chunk);
      });
      res.on('end', () =>
        finish(undefined, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('aborted', () => finish(new DianClientError('CONNECTION_RESET', { outcomeUnknown: true })));
      res.on('error', (error: NodeJS.ErrnoException) => finish(transportError(error, true)));
    });
  });
}

function transportError(error: NodeJS.ErrnoException, connected: boolean): DianClientError {
  const code = error.code ?? '';
  if (TLS_CODES.test(code)) return new DianClientError('TLS_FAILED', { detail: code, cause: error });
  if (!connected) return new DianClientError('CONNECTION_FAILED', { detail: code || 'error', cause: error });
  return new DianClientError('CONNECTION_RESET', { outcomeUnknown: true, detail: code || 'error', cause: error });
}

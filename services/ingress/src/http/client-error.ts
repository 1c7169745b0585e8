import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '@fe/platform';
import { ApiError } from './api-error.ts';

/** The parser's codes (llhttp's `HPE_*`) that name a bad request line or a bad body framing. */
const REQUEST_LINE = new Set(['HPE_INVALID_METHOD', 'HPE_INVALID_URL', 'HPE_INVALID_VERSION']);
const BODY_FRAMING = new Set([
  'HPE_UNEXPECTED_CONTENT_LENGTH',
  'HPE_INVALID_CONTENT_LENGTH',
  'HPE_INVALID_TRANSFER_ENCODING',
  'HPE_INVALID_CHUNK_SIZE',
  'HPE_CHUNK_EXTENSIONS_OVERFLOW',
  'HPE_INVALID_EOF_STATE',
]);

type ParserError = Error & { code?: string; reason?: string };

/**
 * What Node's HTTP parser refused, as an error of the catalogue. These never reach a route (there is
 * no request to route), so fastify's error handler never sees them; the server's `clientError` does.
 */
function clientErrorToApiError(error: ParserError): ApiError {
  const reason = error.reason ?? 'refused by the HTTP parser';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError(
      'REQUEST_TIMEOUT',
      'The request (headers and body) did not arrive in time; the connection is closed.',
      [{ path: '', message: 'request timeout' }],
    );
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError('HEADERS_TOO_LARGE', "The request line and headers are over the server's limit.", [
      { path: 'headers', message: 'too large' },
    ]);
  }
  if (REQUEST_LINE.has(error.code ?? '')) {
    return new ApiError('MALFORMED_REQUEST_LINE', 'The request line is not "<METHOD> <path> HTTP/1.1".', [
      { path: 'request-line', message: reason },
    ]);
  }
  if (BODY_FRAMING.has(error.code ?? '')) {
    return new ApiError(
      'MALFORMED_BODY_FRAMING',
      "The body's length is ambiguous or malformed (Content-Length, Transfer-Encoding, chunks).",
      [{ path: 'Content-Length/Transfer-Encoding', message: reason }],
    );
  }
  return new ApiError('MALFORMED_HTTP', 'The request is not valid HTTP/1.1.', [{ path: 'headers', message: reason }]);
}

/**
 * The server's `clientError` listener: the API's one error body, but only when no answer has started on the socket,
 * so a response under way is never corrupted. A peer that hung up is not our error.
 */
export function handleClientError(logger: Logger, requestIdOf: (socket: Socket) => string | undefined) {
  return (error: ParserError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) {
      logger.debug({ code: error.code }, 'client disconnected');
      socket.destroy();
      return;
    }
    const apiError = clientErrorToApiError(error);
    const requestId = requestIdOf(socket) ?? `req_${randomUUID()}`;
    logger.info(
      { req_id: requestId, code: apiError.code, parser_code: error.code, status: apiError.status },
      'client error',
    );
    // Node's own rule (lib/_http_server.js, socketOnError): no error reply once a response has begun.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(apiError.body(requestId));
    // The socket is half-open (HTTP servers allow it): destroy once written, whatever the peer still sends.
    socket.end(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
  };
}

/** An `Expect` other than `100-continue` is 417 in the API's error body, where Node would send an empty 417. */
export function handleUnmetExpectation(logger: Logger) {
  return (_request: IncomingMessage, response: ServerResponse): void => {
    const apiError = new ApiError('EXPECTATION_FAILED', 'Only "Expect: 100-continue" is supported.', [
      { path: 'Expect', message: 'only 100-continue is supported' },
    ]);
    const requestId = `req_${randomUUID()}`;
    logger.info({ req_id: requestId, code: apiError.code, status: apiError.status }, 'client error');
    const body = JSON.stringify(apiError.body(requestId));
    response
      .writeHead(apiError.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'x-request-id': requestId,
        connection: 'close',
      })
      .end(body);
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';

/** After an answer given before the body was read, what is still read (and dropped) before the connection closes. */
const LINGER_BYTES = 64 * 1024;
const LINGER_MS = 1000;

/** A body Node would still read after the answer that is larger than the linger allows (or of unknown size). */
function largeUnreadBody(request: FastifyRequest): boolean {
  if (request.raw.complete) return false;
  const length = request.headers['content-length'];
  return length === undefined ? request.headers['transfer-encoding'] !== undefined : Number(length) > LINGER_BYTES;
}

/**
 * An answer given before a large request body was read (401, 413, 415, 429, …) closes the connection: Node would
 * otherwise read the rest of the body, however large, to keep the connection alive. A short linger lets the
 * client read the answer before the socket is reset. A small body is read and dropped, keeping the connection.
 */
export function closeOnUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (largeUnreadBody(request)) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    if (!largeUnreadBody(request)) return;
    const socket = request.raw.socket;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
    let read = 0;
    request.raw.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) socket.destroy();
    });
  });
}

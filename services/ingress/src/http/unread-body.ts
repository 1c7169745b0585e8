import type { FastifyInstance } from 'fastify';

/** After an answer given before the body was read, what is still read (and dropped) before the connection closes. */
const LINGER_BYTES = 64 * 1024;
const LINGER_MS = 1000;

/**
 * An answer given before the request's body was read (401, 413, 415, 429, …) closes the connection: Node would
 * otherwise read the rest of the body, however large, to keep the connection alive. A short linger lets the
 * client read the answer before the socket is reset.
 */
export function closeOnUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    if (request.raw.complete) return;
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

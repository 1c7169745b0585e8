import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** After an answer given before the body was read, what is still read (and dropped) before the connection closes. */
const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 2000;

/** A body Node would still read after the answer that is larger than a small one read and dropped. */
function largeUnreadBody(request: FastifyRequest): boolean {
  if (request.raw.complete) return false;
  const length = request.headers['content-length'];
  return length === undefined ? request.headers['transfer-encoding'] !== undefined : Number(length) > 64 * 1024;
}

const lingering = new WeakSet<Socket>();

/**
 * Node destroys a `connection: close` socket as soon as the answer is flushed; a client still sending then gets a
 * reset, and the kernel drops the answer it had not read yet. Instead: half-close after the answer, drop what still
 * comes (bounded in bytes and time), then close.
 */
function lingerInsteadOfReset(request: IncomingMessage): void {
  const socket = request.socket;
  if (lingering.has(socket)) return;
  lingering.add(socket);
  // Counted from now: once the answer is sent Node marks the body dumped and no longer emits it
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * An answer given before a large request body was read (401, 413, 415, 429, …) closes the connection: Node would
 * otherwise read the rest of the body, however large, to keep the connection alive. The client still reads the
 * answer (lingerInsteadOfReset). A small body is read and dropped, keeping the connection.
 */
export function closeOnUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (largeUnreadBody(request)) {
      reply.header('connection', 'close');
      lingerInsteadOfReset(request.raw);
    }
    return payload;
  });
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A registry that accepts connections and never answers the first `swallow` requests, as a hung JVM would; later
 * requests go to `upstream` when given.
 */
export async function startSilentRegistry(options: { swallow: number; upstream?: string }) {
  let seen = 0;
  const held = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    seen += 1;
    if (seen <= options.swallow || !options.upstream) {
      held.add(response);
      return;
    }
    void forward(request, response, options.upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The registry API through this server, with the upstream's path. */
    url: `http://127.0.0.1:${port}${options.upstream ? new URL(options.upstream).pathname : ''}`,
    requestsSeen: () => seen,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function forward(request: IncomingMessage, response: ServerResponse, upstream: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const origin = new URL(upstream).origin;
  const headers = {
    'content-type': request.headers['content-type'] ?? 'application/json',
    accept: request.headers.accept ?? '*/*',
  };
  const method = request.method ?? 'GET';
  const init: RequestInit = chunks.length ? { method, headers, body: Buffer.concat(chunks) } : { method, headers };
  const answer = await fetch(`${origin}${request.url}`, init);
  response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
  response.end(Buffer.from(await answer.arrayBuffer()));
}

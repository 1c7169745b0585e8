import type { IncomingHttpHeaders } from 'node:http';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else is echoed into the document. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export type RequestAddress = {
  headers: IncomingHttpHeaders;
  socket: { localAddress?: string | undefined; localPort?: number | undefined };
};

/**
 * The API's address as this request reached it: FE_BASE_URL when configured, else the Host it was sent to (https when
 * a proxy says so in X-Forwarded-Proto), else the address it arrived on (HTTP/1.0 needs no Host).
 */
export function serverUrl(request: RequestAddress, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  const scheme = proto === 'https' ? 'https' : 'http';
  const host = request.headers.host;
  if (host !== undefined && HOST.test(host)) return `${scheme}://${host.toLowerCase()}`;
  const address = request.socket.localAddress ?? '127.0.0.1';
  return `${scheme}://${address.includes(':') ? `[${address}]` : address}:${request.socket.localPort ?? 80}`;
}

/** The OpenAPI document as text with its servers naming `url`: serialized once, the address spliced in per request. */
export function openApiServedAt(document: Record<string, unknown>): (url: string) => string {
  const marker = 'https://server.invalid';
  const text = JSON.stringify(
    {
      ...document,
      servers: [{ url: marker, description: 'This service, at the address this document was fetched from' }],
    },
    null,
    2,
  );
  const [before, after] = text.split(JSON.stringify(marker)) as [string, string];
  return (url) => `${before}${JSON.stringify(url)}${after}`;
}

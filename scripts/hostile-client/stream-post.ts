// A large POST over a raw socket: the body streamed until the service answers (or closes), and the answer read as
// it arrives, so a refusal sent before the body ends is seen even when the service then resets the connection.
import { connect } from 'node:net';
import type { Answer } from './http.ts';

export function streamPost(
  url: string,
  headers: Record<string, string | number>,
  bytes: number,
  timeoutMs = 60_000,
): Promise<Answer> {
  const target = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    const received: Buffer[] = [];
    let written = 0;
    let writtenBeforeAnswer = -1;
    let error: string | undefined;
    const timer = setTimeout(() => ((error = 'timeout'), socket.destroy()), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      if (writtenBeforeAnswer < 0) writtenBeforeAnswer = written;
      received.push(chunk);
      // The head and a body that ends (a JSON object or a page): enough to judge, no need to wait for the close.
      const tail = Buffer.concat(received)
        .toString('latin1')
        .replace(/\s*(0\r\n\r\n)?$/, '');
      if (tail.includes('\r\n\r\n') && (tail.endsWith('}') || tail.toLowerCase().endsWith('/html>'))) socket.destroy();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => void (error ??= e.code));
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
      resolve({
        status,
        headers: {},
        text: /"code":"([A-Z_]+)"/.exec(text) ? `{"error":{"code":"${/"code":"([A-Z_]+)"/.exec(text)![1]}"}}` : text,
        bytes: text.length,
        ms: performance.now() - started,
        writtenBeforeAnswer: writtenBeforeAnswer < 0 ? written : writtenBeforeAnswer,
        ...(status === 0 ? { error: error ?? 'closed without an answer' } : {}),
      });
    });
    const head = Object.entries({ host: target.host, ...headers, 'content-length': bytes })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${target.pathname} HTTP/1.1\r\n${head}\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (written < bytes && writtenBeforeAnswer < 0 && !socket.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - written));
        written += part.length;
        if (!socket.write(part)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

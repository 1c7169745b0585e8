import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';

// A client streaming 50 MB to a route that refuses from the head alone must read the refusal, not a reset, and must
// not have its whole body read. The server runs in a process of its own: in one process the race never shows.
let server: ChildProcess;
let port = 0;
beforeAll(async () => {
  server = spawn(process.execPath, [new URL('./refusing-server.fixture.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  port = Number(await new Promise<string>((resolve) => server.stdout!.once('data', (d) => resolve(String(d)))));
});
afterAll(() => void server?.kill());

/**
 * Streams `bytes` of body, a chunk per turn of the event loop as a real client does; stops at the first byte of an
 * answer unless `ignoreAnswer`. The answer's status (0: none), the bytes written and the error that ended it.
 */
function upload(bytes: number, ignoreAnswer = false): Promise<{ status: number; written: number; error?: string }> {
  return new Promise((resolve) => {
    // Half-open: Node's default would end the upload itself on the server's FIN, hiding what the server does
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    let answer = '';
    let written = 0;
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => void (ignoreAnswer || socket.end()));
    socket.on('error', (e: NodeJS.ErrnoException) => void (error ??= e.code));
    socket.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), written, ...(error ? { error } : {}) }),
    );
    socket.write(
      `POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${bytes}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      if (socket.destroyed) return;
      if (written >= bytes || (answer !== '' && !ignoreAnswer)) return void socket.end();
      written += chunk.length;
      if (socket.write(chunk)) setImmediate(pump);
      else socket.once('drain', pump);
    };
    pump();
  });
}

it('a refused 50 MB upload gets its refusal, read by the client, without its body read', async () => {
  const results = [];
  for (let round = 0; round < 20; round++) results.push(await upload(50 * 1024 * 1024));
  expect(results.filter((r) => r.status !== 401)).toEqual([]);
  for (const { written } of results) expect(written).toBeLessThan(20 * 1024 * 1024);
});

it('a client that ignores the refusal and keeps sending is cut off after a bounded number of bytes', async () => {
  for (let round = 0; round < 5; round++) {
    const { status, written } = await upload(50 * 1024 * 1024, true);
    expect(status).toBe(401);
    // 8 MB dropped by the server, plus what the two kernels' socket buffers hold
    expect(written).toBeLessThan(20 * 1024 * 1024);
  }
});

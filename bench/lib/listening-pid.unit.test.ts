import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pidListeningOn } from './listening-pid.ts';

describe('pidListeningOn', () => {
  it('finds the process listening on a loopback port, and none on a closed one', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    expect(pidListeningOn(port)).toBe(process.pid);
    await new Promise((resolve) => server.close(resolve));
    expect(pidListeningOn(port)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { buildApp, GOOD_KEY } from '../../test-support/http-app-on-a-port.ts';

describe('the request line', () => {
  it("names an unknown route by its path: the query string (a signed link's signature) is never logged", async () => {
    const { app, logs } = buildApp();
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/service/nowhere/f.pdf?expires=1&signature=c2VjcmV0',
      headers: { authorization: `Bearer ${GOOD_KEY}` },
    });
    expect(answer.statusCode).toBe(404);
    const line = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request');
    expect(line).toMatchObject({ url: '/api/v1/service/nowhere/f.pdf', status: 404 });
    expect(logs.join('\n')).not.toMatch(/signature|c2VjcmV0|expires/);
    await app.close();
  });
});

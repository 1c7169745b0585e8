// The two errors that need their own service: the per-tenant rate limit, and a store that is down.
import { errorBodySchema } from '@fe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({ FE_RATE_LIMIT_PER_SECOND: '0.5', FE_RATE_LIMIT_BURST: '3' });
});
afterAll(async () => world?.close());

describe('limits and failures', () => {
  it('429 RATE_LIMITED past the burst, with Retry-After, before the body is read', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await world.get(`/api/v1/service/status/${'0'.repeat(96)}`)).status);
    expect(statuses).toEqual([404, 404, 404]);
    const limited = await world.post(undefined, { raw: '{not json' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(errorBodySchema.safeParse(limited.body).success).toBe(true);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('503 UNAVAILABLE with Retry-After when the event store is down, and nothing is half-written', async () => {
    await new Promise((r) => setTimeout(r, 2100)); // one token back
    const before = (await world.embedded.statusStore.all()).length;
    await world.embedded.eventStore.close();
    const answer = await world.post(exampleRequest, { headers: { 'idempotency-key': 'store-down' } });
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('UNAVAILABLE');
    expect(answer.headers.get('retry-after')).toBe('2');
    expect((await world.embedded.statusStore.all()).length).toBe(before);
    expect(world.logs.some((l) => l.includes('"req_id"') && l.includes('request failed'))).toBe(true);
  });
});

// Our codes beyond the product brief's table (docs/api.md, "Errors") that need a world of their own: a file link past
// its expiry (410 LINK_EXPIRED, while the status endpoint still hands out fresh links), a store that does not answer
// (503 UNAVAILABLE), and a bug (500 INTERNAL_ERROR: the request id in body and header, nothing internal in the body,
// the failure in the log).
import { errorBodySchema } from '@fe/contracts';
import { PlatformError } from '@fe/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

const DAY = 86_400_000;
let offsetMs = 0;
let world: World;
beforeAll(async () => {
  world = await startWorld({}, undefined, { clock: { now: () => new Date(Date.now() + offsetMs) } });
});
afterAll(async () => world?.close());

it('410 LINK_EXPIRED for a file link past its 7 days; the status endpoint hands out one that works', async () => {
  const created = await world.post(exampleRequest);
  expect(created.status).toBe(201);
  expect((await fetch(created.body.xml_url)).status).toBe(200);

  offsetMs = 8 * DAY;
  const expired = await fetch(created.body.xml_url);
  const body = (await expired.json()) as { error: { code: string; details: unknown } };
  expect({ status: expired.status, code: body.error.code }).toEqual({ status: 410, code: 'LINK_EXPIRED' });
  expect(errorBodySchema.safeParse(body).success).toBe(true);
  expect(body.error.details).toEqual([{ path: 'expires', message: 'in the past' }]);

  const status = await world.get(`/api/v1/service/status/${created.body.cufe}`);
  expect(status.status).toBe(200);
  const fresh = await fetch(status.body.xml_url);
  expect(fresh.status).toBe(200);
  expect(await fresh.text()).toContain(created.body.cufe);
  offsetMs = 0;
});

it('503 UNAVAILABLE, not 403 TENANT_NOT_READY, when the tenant registry does not answer while the certificate is checked', async () => {
  const tenants = world.embedded.tenants;
  const credential = tenants.credential.bind(tenants);
  // What the PostgreSQL registry throws while its server restarts (distributed-restarts.e2e.test.ts met it).
  tenants.credential = async () => {
    throw new PlatformError('STORE_UNAVAILABLE', 'the tenant registry did not answer', true);
  };
  try {
    const answer = await world.post(exampleRequest);
    expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status: 503, code: 'UNAVAILABLE' });
  } finally {
    tenants.credential = credential;
  }
  expect((await world.post(exampleRequest)).status).toBe(201);
});

it('500 INTERNAL_ERROR for a failure nobody planned: request id echoed, nothing internal said, the failure logged', async () => {
  await world.embedded.statusStore.close(); // the read model's file handle gone under a running service
  const answer = await world.get(`/api/v1/service/status/${'0'.repeat(96)}`);
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status: 500, code: 'INTERNAL_ERROR' });
  expect(errorBodySchema.safeParse(answer.body).success).toBe(true);
  const requestId = answer.headers.get('x-request-id');
  expect(answer.body.request_id).toBe(requestId);
  expect(answer.text).not.toMatch(/sqlite|database|at .+\.ts:\d+/i);
  expect(world.logs.some((line) => line.includes(requestId!) && line.includes('"level":50'))).toBe(true);
});

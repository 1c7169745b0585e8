import { demoSoftware, demoTenant } from '@fe/dian-domain';
import { expect, it, vi } from 'vitest';
import { polledRegistrations } from '../src/registry/polled-registrations.ts';
import type { TenantRegistration } from '../src/index.ts';

const tenant = (nit: string): TenantRegistration => ({
  environment: '2',
  nit,
  legalName: demoTenant.legalName,
  software: { id: demoSoftware.id, pin: demoSoftware.pin, providerNit: nit },
  resolutions: [],
});

it('answers the first read at once, a new array only when the registry changed, and keeps the last on a failure', async () => {
  let stored: TenantRegistration[] | Error = [tenant('900108281')];
  const errors: unknown[] = [];
  let reads = 0;
  const polled = polledRegistrations(
    async () => {
      reads++;
      if (stored instanceof Error) throw stored;
      return structuredClone(stored);
    },
    { intervalMs: 5, onError: (error) => errors.push(error) },
  );
  await polled.start();
  try {
    const first = polled.current();
    expect(first.map((r) => r.nit)).toEqual(['900108281']);
    await vi.waitFor(() => expect(reads).toBeGreaterThan(2));
    expect(polled.current()).toBe(first); // read again, unchanged: the same array
    stored = [tenant('900108281'), tenant('900373115')];
    await vi.waitFor(() => expect(polled.current().map((r) => r.nit)).toEqual(['900108281', '900373115']));
    const second = polled.current();
    stored = new Error('connection refused');
    await vi.waitFor(() => expect(errors).not.toHaveLength(0));
    expect(polled.current()).toBe(second);
  } finally {
    polled.stop();
  }
});

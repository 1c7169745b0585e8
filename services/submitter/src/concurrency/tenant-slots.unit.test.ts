import { describe, expect, it } from 'vitest';
import { tenantSlotsContract } from '../../test-support/tenant-slots.contract.ts';
import { createTenantSlots } from './tenant-slots.ts';

tenantSlotsContract('in-memory', async (cap) => ({ slots: createTenantSlots(cap), another: undefined }), {
  shared: false,
});

describe('createTenantSlots: the in-process twin', () => {
  it('reports the free slots of a tenant', async () => {
    const slots = createTenantSlots(2);
    const release = await slots.tryAcquire('a');
    expect(slots.available('a')).toBe(1);
    await release!();
    expect(slots.available('a')).toBe(2);
  });

  it('announces each release once', async () => {
    let released = 0;
    const slots = createTenantSlots(1, () => released++);
    const release = (await slots.tryAcquire('a'))!;
    await release();
    await release();
    expect(released).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { createTenantSlots } from './tenant-slots.ts';

describe('createTenantSlots: a per-tenant cap that never queues', () => {
  it('gives at most `cap` slots per tenant, independently per tenant', () => {
    const slots = createTenantSlots(2);
    const a1 = slots.tryAcquire('a');
    const a2 = slots.tryAcquire('a');
    expect(a1 && a2).toBeTruthy();
    expect(slots.tryAcquire('a')).toBeUndefined();
    expect(slots.tryAcquire('b')).toBeDefined();
    expect(slots.available('a')).toBe(0);
    expect(slots.inUse).toBe(3);
    a1!();
    expect(slots.available('a')).toBe(1);
    expect(slots.tryAcquire('a')).toBeDefined();
  });

  it('a double release frees one slot only, and each release is announced once', () => {
    let released = 0;
    const slots = createTenantSlots(1, () => released++);
    const release = slots.tryAcquire('a')!;
    release();
    release();
    expect(released).toBe(1);
    const other = slots.tryAcquire('a');
    expect(other).toBeDefined();
    release(); // the stale release must not free the slot `other` holds
    expect(slots.tryAcquire('a')).toBeUndefined();
  });

  it('refuses a cap that is not a positive integer', () => {
    expect(() => createTenantSlots(0)).toThrow(RangeError);
    expect(() => createTenantSlots(1.5)).toThrow(RangeError);
  });
});

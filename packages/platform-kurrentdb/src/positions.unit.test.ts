import { START } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { positionOf, readStartAfter } from './positions.ts';

const at = (commit: bigint, prepare = commit) => ({ id: 'e', position: { commit, prepare } });

describe('$all positions as one bigint', () => {
  it("is the commit position of an ordinary append's event (commit = prepare), beyond 2^53 exactly", () => {
    expect(positionOf(at(1_234n))).toBe(1_234n);
    expect(positionOf(at(2n ** 62n + 1n))).toBe(2n ** 62n + 1n);
  });

  it("keeps $all's (commit, prepare) order and never maps two events to one number", () => {
    const events = [at(5_000n), at(120n), at(981n), at(2n ** 60n), at(121n)];
    const byAll = [...events].sort((a, b) =>
      a.position.commit === b.position.commit
        ? Number(a.position.prepare - b.position.prepare)
        : a.position.commit < b.position.commit
          ? -1
          : 1,
    );
    const ours = byAll.map(positionOf);
    expect([...ours].sort((a, b) => (a < b ? -1 : 1))).toEqual(ours);
    expect(new Set(ours).size).toBe(events.length);
  });

  it("refuses an event it cannot map: an explicit transaction's (commit ≠ prepare), none at all, or 0", () => {
    for (const event of [at(900n, 700n), { id: 'e' }, { id: 'e', position: undefined }, at(0n)]) {
      expect(() => positionOf(event)).toThrow(expect.objectContaining({ code: 'POSITION_NOT_REPRESENTABLE' }));
    }
  });

  it('starts a forward read at the start for 0 and at the position itself otherwise (inclusive; the caller drops it)', () => {
    expect(readStartAfter(0n)).toBe(START);
    expect(readStartAfter(4_096n)).toEqual({ commit: 4_096n, prepare: 4_096n });
    expect(() => readStartAfter(-1n)).toThrow(RangeError);
  });
});

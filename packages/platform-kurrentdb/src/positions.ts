import { START, type Position } from '@kurrent/kurrentdb-client';
import { KurrentAdapterError } from './errors.ts';

/**
 * Our global position is the commit position: one-to-one and order-keeping for ordinary appends. A legacy
 * explicit transaction's events share a commit position, so they are refused rather than mapped.
 */
export function positionOf(event: { id: string; position?: Position | undefined }): bigint {
  const { position } = event;
  if (position === undefined) {
    throw new KurrentAdapterError(
      'POSITION_NOT_REPRESENTABLE',
      `event ${event.id} came without a $all position (KurrentDB before 22.6?)`,
    );
  }
  if (position.commit !== position.prepare || position.commit <= 0n) {
    throw new KurrentAdapterError(
      'POSITION_NOT_REPRESENTABLE',
      `event ${event.id} is at commit ${position.commit}, prepare ${position.prepare}: not one position`,
    );
  }
  return position.commit;
}

/**
 * Where a forward $all read starts for the events after `after`: KurrentDB's start is inclusive and must be a
 * record's start, so the caller drops the first event; other numbers fall back to `startAtOrBefore`.
 */
export function readStartAfter(after: bigint): Position | typeof START {
  if (after < 0n) throw new RangeError(`a position is never negative: ${after}`);
  return after === 0n ? START : { commit: after, prepare: after };
}

/**
 * Named positions that survive a restart: the relay's "published up to", a projection's "folded
 * up to". A missing name reads as 0 (start of the global stream).
 *
 *   const after = await checkpoints.load('relay.invoice-events');
 *   await checkpoints.save('relay.invoice-events', page.at(-1).position);
 */
export interface CheckpointStore {
  load(name: string): Promise<bigint>;
  save(name: string, position: bigint): Promise<void>;
}

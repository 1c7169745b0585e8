/** Named positions that survive a restart (the relay's, a projection's); a missing name reads as 0. */
export interface CheckpointStore {
  load(name: string): Promise<bigint>;
  save(name: string, position: bigint): Promise<void>;
}

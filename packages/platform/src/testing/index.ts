export { eventStoreContract } from './event-store.contract.ts';
export { eventBusContract } from './event-bus.contract.ts';
export { blobStoreContract } from './blob-store.contract.ts';
export { deadLetterStoreContract } from './dead-letter-store.contract.ts';
export { checkpointStoreContract } from './checkpoint-store.contract.ts';
export { sampleEnvelope } from './sample-envelope.ts';
export { followWhileAppending, type FollowReport } from './reader-follows-appends.ts';
export { withSparsePositions } from './sparse-positions.ts';
export { readThroughStreamCache } from './read-through-stream-cache.ts';

import { leaseStoreContract } from '../../../test-support/lease-store.contract.ts';
import { InProcessLeaseStore } from './in-process-lease-store.ts';

// One process: both "holders" share the store, as two relays of one process would.
leaseStoreContract('in-process', {
  stores: () => {
    const store = new InProcessLeaseStore();
    return [store, store];
  },
  cut: async (store, _lease, name) => (store as InProcessLeaseStore).expire(name),
});

import {
  routeByEventType,
  startRelay,
  type CheckpointStore,
  type EventBus,
  type EventStore,
  type LeaseStore,
  type Logger,
  type Relay,
  type ServiceModule,
} from '@fe/platform';
import { spacedWakes } from './spaced-wakes.ts';

/**
 * The least time between two wakes by append notifications (spaced-wakes.ts): each page is a Kafka transaction,
 * whose markers, coordinator writes and consumer fetches cost the same for one event as for a hundred.
 */
const WAKE_SPACING_MS = 150;

export type RelayServicePorts = {
  store: EventStore;
  bus: EventBus;
  checkpoints: CheckpointStore;
  leases: LeaseStore;
  logger: Logger;
  /** Calls `onAppend` whenever the store has new events (PostgreSQL's NOTIFY), so the relay need not poll fast. */
  appends?: (onAppend: () => void) => { close(): Promise<void> };
};

/**
 * The invoice-events relay as a service module (docs/platform.md, "Two relays at once"): every instance runs one,
 * and the lease lets one publish at a time.
 */
export function createRelayService(ports: RelayServicePorts, options: { name: string; idleMs: number }): ServiceModule {
  let relay: Relay | undefined;
  let appends: { close(): Promise<void> } | undefined;
  const wakes = spacedWakes(() => relay?.nudge(), WAKE_SPACING_MS);
  return {
    name: 'relay',
    async start() {
      relay ??= startRelay({
        name: options.name,
        store: ports.store,
        bus: ports.bus,
        checkpoints: ports.checkpoints,
        leases: ports.leases,
        logger: ports.logger,
        idleMs: options.idleMs,
        route: routeByEventType,
      });
      appends ??= ports.appends?.(() => wakes.notify());
    },
    async stop() {
      await appends?.close();
      appends = undefined;
      wakes.close();
      // Finishes the page being published and its checkpoint; the lease goes with it.
      await relay?.stop();
      relay = undefined;
    },
  };
}

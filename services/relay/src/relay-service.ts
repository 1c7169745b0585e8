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
      appends ??= ports.appends?.(() => relay?.nudge());
    },
    async stop() {
      await appends?.close();
      appends = undefined;
      // Finishes the page being published and its checkpoint; the lease goes with it.
      await relay?.stop();
      relay = undefined;
    },
  };
}

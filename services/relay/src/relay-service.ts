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

/**
 * How long the relay waits after an append's notification before it reads: the appends of that while go out as one
 * page, one Kafka transaction (waking on each made a transaction of every few events).
 */
const WAKE_LINGER_MS = 50;

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
  let lingering: NodeJS.Timeout | undefined;
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
      appends ??= ports.appends?.(() => {
        lingering ??= setTimeout(() => {
          lingering = undefined;
          relay?.nudge();
        }, WAKE_LINGER_MS);
      });
    },
    async stop() {
      await appends?.close();
      appends = undefined;
      clearTimeout(lingering);
      lingering = undefined;
      // Finishes the page being published and its checkpoint; the lease goes with it.
      await relay?.stop();
      relay = undefined;
    },
  };
}

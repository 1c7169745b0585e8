// The public surface of @fe/relay.
export { createRelayService, type RelayServicePorts } from './relay-service.ts';
export { relayProcessConfigSchema, relayProcessConfigFromEnv } from './process-config.ts';

// The public surface of @fe/service-runtime: running one service as a process. The distributed
// adapters are a separate entry point (./distributed), so the runtime alone loads neither pg nor kafkajs.
export { runMain } from './run/run-main.ts';
export { logProcessWarnings } from './run/process-warnings.ts';
export {
  runServiceProcess,
  type ServiceParts,
  type ServiceProcess,
  type ServiceProcessOptions,
  type ProcessHooks,
} from './run/run-service-process.ts';
export { startHealthServer, type HealthServer, type HealthState, type ReadinessCheck } from './health/health-server.ts';
export { consumerGroupsCheck } from './health/consumer-groups-check.ts';
export { closeOnUnreadBody } from './http/unread-body.ts';
export { readConfig, readNestedConfig } from './config/read-config.ts';
export { runtimeConfigSchema, type RuntimeConfig } from './config/runtime-config.ts';
export { ServiceRuntimeError, isServiceRuntimeError, type ServiceRuntimeErrorCode } from './errors.ts';

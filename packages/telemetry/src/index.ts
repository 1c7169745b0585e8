export { telemetryConfigFromEnv, telemetryConfigSchema, type TelemetryConfig } from './config.ts';
export { startTelemetry, type Telemetry } from './start-telemetry.ts';
export { inSpan, markFailed, tracerFor } from './spans.ts';
export { instruments, type Instruments } from './instruments.ts';
export { tracingEventStore } from './tracing-event-store.ts';
export { tracingEventBus } from './tracing-event-bus.ts';
export { countingDeadLetters } from './counting-dead-letters.ts';
export { traceHttpRoutes } from './http-spans.ts';
export { SpanKind } from '@opentelemetry/api';

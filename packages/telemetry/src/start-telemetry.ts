import type { TelemetryConfig } from './config.ts';
import { processResource } from './resource.ts';

export type Telemetry = {
  /** Whether an SDK runs (an endpoint was configured). */
  enabled: boolean;
  /** Exports what is buffered (spans, the last metric readings), then stops the SDK. Safe to call twice. */
  shutdown(): Promise<void>;
};

/**
 * The first call a service's main makes (docs/observability.md). Without an endpoint the SDK is never loaded and
 * the tracers and meters stay OpenTelemetry's no-ops.
 */
export async function startTelemetry(config: TelemetryConfig): Promise<Telemetry> {
  if (!config.endpoint) return { enabled: false, shutdown: async () => {} };
  const base = config.endpoint.replace(/\/+$/, '');
  const [{ NodeSDK, metrics, resources }, { OTLPTraceExporter }, { OTLPMetricExporter }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/exporter-metrics-otlp-http'),
  ]);
  const sdk = new NodeSDK({
    resource: processResource(resources, config.serviceName),
    autoDetectResources: false,
    traceExporter: new OTLPTraceExporter({ url: `${base}/v1/traces` }),
    metricReaders: [
      new metrics.PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${base}/v1/metrics` }),
        exportIntervalMillis: config.metricExportIntervalMs,
        exportTimeoutMillis: Math.min(30_000, config.metricExportIntervalMs),
      }),
    ],
    // The services log through pino; without this the SDK would set up an OTLP log exporter from the environment.
    logRecordProcessors: [],
    // No auto-instrumentation: the spans are the ones this package and the services open (docs/observability.md).
    instrumentations: [],
  });
  sdk.start();
  let stopping: Promise<void> | undefined;
  return { enabled: true, shutdown: () => (stopping ??= sdk.shutdown()) };
}

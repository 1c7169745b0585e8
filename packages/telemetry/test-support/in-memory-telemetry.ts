// The SDK as startTelemetry sets it up (global providers, async-hooks context, W3C propagation),
// with spans and metrics kept in memory for a unit test to read.
import { context, metrics as metricsApi, propagation, trace } from '@opentelemetry/api';
import { NodeSDK, metrics, tracing } from '@opentelemetry/sdk-node';

type FinishedSpan = {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code: number; message?: string | undefined };
};
type MetricPoint = { attributes: Record<string, unknown>; value: number | { count: number; sum?: number | undefined } };

export type InMemoryTelemetry = {
  spans(): FinishedSpan[];
  /** The data points of one metric, as collected now. */
  points(name: string): Promise<MetricPoint[]>;
  reset(): void;
  shutdown(): Promise<void>;
};

export function startInMemoryTelemetry(): InMemoryTelemetry {
  const exporter = new tracing.InMemorySpanExporter();
  const reader = new CollectingReader();
  const sdk = new NodeSDK({
    spanProcessors: [new tracing.SimpleSpanProcessor(exporter)],
    metricReaders: [reader],
    logRecordProcessors: [],
    instrumentations: [],
    autoDetectResources: false,
  });
  sdk.start();
  return {
    spans: () =>
      exporter.getFinishedSpans().map((span) => ({
        name: span.name,
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
        parentSpanId: span.parentSpanContext?.spanId,
        kind: span.kind,
        attributes: { ...span.attributes },
        status: span.status,
      })),
    async points(name) {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .filter((metric) => metric.descriptor.name === name)
        .flatMap((metric) =>
          (metric.dataPoints as { attributes: Record<string, unknown>; value: MetricPoint['value'] }[]).map(
            (point) => ({ attributes: point.attributes, value: point.value }),
          ),
        );
    },
    reset: () => exporter.reset(),
    async shutdown() {
      await sdk.shutdown();
      // The API's globals outlive the SDK: the next test file in this process registers its own.
      for (const api of [trace, metricsApi, propagation, context]) api.disable();
    },
  };
}

class CollectingReader extends metrics.MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

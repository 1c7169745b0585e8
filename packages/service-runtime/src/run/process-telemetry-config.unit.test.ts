import { describe, expect, it } from 'vitest';
import { isServiceRuntimeError } from '../errors.ts';
import { processTelemetryConfig } from './process-telemetry-config.ts';

describe("a service process's telemetry configuration", () => {
  it('is off by default and names the process after its service unless OTEL_SERVICE_NAME says otherwise', () => {
    expect(processTelemetryConfig({}, 'fe-signer')).toEqual({
      serviceName: 'fe-signer',
      metricExportIntervalMs: 60_000,
    });
    expect(
      processTelemetryConfig(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'signer-eu' },
        'fe-signer',
      ),
    ).toMatchObject({ endpoint: 'http://collector:4318', serviceName: 'signer-eu' });
  });

  it('refuses a malformed variable as CONFIG_INVALID naming it, never repeating the value', () => {
    let refused: unknown;
    try {
      processTelemetryConfig(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://user:s3cret@collector:4317', OTEL_METRIC_EXPORT_INTERVAL: '5' },
        'fe-signer',
      );
    } catch (error) {
      refused = error;
    }
    expect(isServiceRuntimeError(refused) && refused.code).toBe('CONFIG_INVALID');
    expect(isServiceRuntimeError(refused) && [...refused.variables].sort()).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_METRIC_EXPORT_INTERVAL',
    ]);
    expect(String((refused as Error).message)).not.toContain('s3cret');
  });
});

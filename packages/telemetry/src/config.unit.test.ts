import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { telemetryConfigFromEnv } from './config.ts';
import { startTelemetry } from './start-telemetry.ts';

describe('telemetry configuration', () => {
  it('is off without an endpoint: startTelemetry starts nothing', async () => {
    const config = telemetryConfigFromEnv({}, 'fe-signer');
    expect(config.endpoint).toBeUndefined();
    const telemetry = await startTelemetry(config);
    expect(telemetry.enabled).toBe(false);
    await telemetry.shutdown();
  });

  it("names the service after the main's default unless OTEL_SERVICE_NAME says otherwise", () => {
    expect(telemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, 'fe-signer')).toMatchObject(
      { endpoint: 'http://127.0.0.1:4318', serviceName: 'fe-signer' },
    );
    expect(telemetryConfigFromEnv({ OTEL_SERVICE_NAME: 'signer-eu' }, 'fe-signer').serviceName).toBe('signer-eu');
  });

  it('refuses an endpoint that is not an http(s) URL, naming the variable', () => {
    const refused = (() => {
      try {
        telemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' });
      } catch (error) {
        return error as ZodError;
      }
    })();
    expect(refused).toBeInstanceOf(ZodError);
    expect(refused!.issues.map((issue) => issue.path.join('.'))).toEqual(['endpoint']);
  });
});

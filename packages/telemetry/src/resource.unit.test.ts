import { resources } from '@opentelemetry/sdk-node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processResource } from './resource.ts';

afterEach(() => vi.unstubAllEnvs());

describe('processResource', () => {
  it('names the service and gives each process its own service.instance.id', () => {
    vi.stubEnv('OTEL_RESOURCE_ATTRIBUTES', '');
    vi.stubEnv('OTEL_SERVICE_NAME', '');
    const [one, two] = [processResource(resources, 'fe-signer'), processResource(resources, 'fe-signer')];
    expect(one.attributes['service.name']).toBe('fe-signer');
    expect(one.attributes['service.instance.id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(two.attributes['service.instance.id']).not.toBe(one.attributes['service.instance.id']);
    // No host or process detector: the command line stays out.
    expect(Object.keys(one.attributes).sort()).toEqual(['service.instance.id', 'service.name']);
  });

  it('takes OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME over its own', () => {
    vi.stubEnv('OTEL_RESOURCE_ATTRIBUTES', 'deployment.environment.name=prod,service.instance.id=signer-2');
    vi.stubEnv('OTEL_SERVICE_NAME', 'facturas-signer');
    expect(processResource(resources, 'fe-signer').attributes).toEqual({
      'service.name': 'facturas-signer',
      'service.instance.id': 'signer-2',
      'deployment.environment.name': 'prod',
    });
  });
});

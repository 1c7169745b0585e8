import { randomUUID } from 'node:crypto';
import type { resources as Resources } from '@opentelemetry/sdk-node';

/**
 * The process's resource: its service.name, a service.instance.id of its own (two signers are two series), then
 * what OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME say, which win. No host or process detector: they would
 * export the command line.
 */
export function processResource(resources: typeof Resources, serviceName: string): Resources.Resource {
  return resources
    .resourceFromAttributes({ 'service.name': serviceName, 'service.instance.id': randomUUID() })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
}

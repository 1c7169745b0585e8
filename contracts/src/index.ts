export * from './api/error-codes.ts';
export * from './api/error-body.ts';
export * from './api/invoice-request.ts';
export * from './api/invoice-response.ts';
export * from './api/invoice-events-response.ts';
export * from './events/envelope.ts';
export * from './events/invoice-events.ts';
export * from './events/invoice-requested.v1.ts';
export * from './events/invoice-signed.v1.ts';
export * from './events/invoice-rendered.v1.ts';
export * from './events/invoice-submitted.v1.ts';
export * from './events/invoice-submission-failed.v1.ts';
export * from './events/invoice-accepted.v1.ts';
export * from './events/invoice-rejected.v1.ts';
export * from './events/buyer-notified.v1.ts';
export * from './events/invoice-processing-halted.v1.ts';
export * from './topology.ts';

export { buildOpenApiDocument } from './openapi/build-openapi.ts';

// The public surface of @fe/notifier. Anything not exported here is private.
export { createNotifierService, type NotifierServicePorts } from './service.ts';
export { notifierConfigSchema, notifierConfigFromEnv, defaultNotifierConfig, type NotifierConfig } from './config.ts';
export { NotifierError, notifierErrorCatalogue, type NotifierErrorCode } from './errors.ts';
export type { NotifyingTenants } from './ports/notifying-tenants.ts';
export type { AcquirerDirectory } from './ports/acquirer-directory.ts';
export { dianAcquirers } from './dian-acquirers.ts';
export { buildDelivery, MAX_ATTACHMENT_BYTES, type Delivery, type DeliveryInput } from './delivery/build-delivery.ts';
export { deliveryFileNames, deliverySubject } from './delivery/file-names.ts';

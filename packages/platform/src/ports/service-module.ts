/**
 * What every service module returns: a function of its ports that both composition roots
 * (a service's own `main.ts`, and `services/all-in-one`) start and stop the same way.
 *
 *   const signer = createSignerService({ store, bus, blobs, tenants, clock, logger }, config);
 *   await signer.start();   // subscribes its reactions
 *   await signer.stop();    // in-flight work finishes first
 */
export interface ServiceModule {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

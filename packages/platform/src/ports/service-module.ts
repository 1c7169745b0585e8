/**
 * What every service module returns, so both composition roots (a service's `main.ts`, `all-in-one`) start and
 * stop it the same way; `stop` lets in-flight work finish.
 */
export interface ServiceModule {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

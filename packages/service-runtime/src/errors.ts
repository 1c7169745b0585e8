import { errorCatalogue } from '@fe/platform/errors';

/**
 * The error catalogue of @fe/service-runtime (docs/architecture.md convention 4): stable codes,
 * tests assert them. None is retriable: each ends a start, and the operator fixes the cause.
 */
const serviceRuntimeErrors = errorCatalogue('ServiceRuntimeError', {
  /** A variable of the environment is missing or malformed; `variables` names each. */
  CONFIG_INVALID: {},
  /** A store or the bus did not answer within the start's deadline. */
  START_TIMED_OUT: {},
});

export type ServiceRuntimeErrorCode = (typeof serviceRuntimeErrors.codes)[number];

export class ServiceRuntimeError extends serviceRuntimeErrors.Error {
  declare readonly retriable: false;
  /** The environment variables at fault (CONFIG_INVALID). */
  readonly variables: readonly string[];

  constructor(code: ServiceRuntimeErrorCode, message: string, variables: readonly string[] = []) {
    super(code, message);
    this.variables = variables;
  }
}

export const isServiceRuntimeError = serviceRuntimeErrors.guard(ServiceRuntimeError);

/**
 * The error catalogue of @fe/service-runtime (docs/architecture.md convention 4): stable codes,
 * tests assert them. None is retriable: each ends a start, and the operator fixes the cause.
 */
export type ServiceRuntimeErrorCode =
  /** A variable of the environment is missing or malformed; `variables` names each. */
  | 'CONFIG_INVALID'
  /** A store or the bus did not answer within the start's deadline. */
  | 'START_TIMED_OUT';

export class ServiceRuntimeError extends Error {
  readonly code: ServiceRuntimeErrorCode;
  readonly retriable = false;
  /** The environment variables at fault (CONFIG_INVALID). */
  readonly variables: readonly string[];

  constructor(code: ServiceRuntimeErrorCode, message: string, variables: readonly string[] = []) {
    super(message);
    this.name = 'ServiceRuntimeError';
    this.code = code;
    this.variables = variables;
  }
}

export const isServiceRuntimeError = (error: unknown): error is ServiceRuntimeError => error instanceof ServiceRuntimeError;

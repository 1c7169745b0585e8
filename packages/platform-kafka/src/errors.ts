import { errorCatalogue } from '@fe/platform/errors';

/**
 * The Kafka adapter's error catalogue (docs/architecture.md, conventions 3 and 4); the thrower says whether its case
 * is retriable.
 */
const kafkaBusErrors = errorCatalogue('KafkaBusError', {
  /** The broker did not acknowledge a publish (down, restarting, or no leader yet). */
  BROKER_UNAVAILABLE: {},
  /** The broker refused a publish for good (a message over its size limit, an invalid topic): retrying cannot help. */
  PUBLISH_REFUSED: {},
  /**
   * A newer bus with the same transactional id (another relay of the same name) fenced this one: the publish was
   * discarded, and retrying here would fence the newer one.
   */
  PUBLISH_FENCED: {},
  /** The schema registry did not answer (down, or a 5xx). */
  SCHEMA_REGISTRY_UNAVAILABLE: {},
  /** An event type/version the codec has no zod contract for: it cannot be published. */
  SCHEMA_NOT_IN_CATALOGUE: {},
  /** The registry refused a schema as incompatible with its subject's earlier versions (FORWARD_TRANSITIVE). */
  SCHEMA_INCOMPATIBLE: {},
  /** A message names a schema id the registry does not know. */
  SCHEMA_UNKNOWN: {},
  /** A message is not in the Confluent wire format (magic byte 0, 4-byte schema id, payload). */
  MESSAGE_UNREADABLE: {},
  /** An envelope does not match its registered schema (on publish or on delivery). */
  MESSAGE_INVALID: {},
});

export type KafkaBusErrorCode = (typeof kafkaBusErrors.codes)[number];

export class KafkaBusError extends kafkaBusErrors.Error {
  constructor(code: KafkaBusErrorCode, message: string, retriable: boolean, options?: { cause?: unknown }) {
    super(code, message, { ...options, retriable });
  }
}

export const isKafkaBusError = kafkaBusErrors.guard(KafkaBusError);

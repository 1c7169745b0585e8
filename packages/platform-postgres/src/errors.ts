import { errorCatalogue } from '@fe/platform/errors';

/**
 * This package's own failures. Through the platform's ports it reports the platform's errors, so a caller handles
 * a PostgreSQL store exactly like the embedded one.
 */
const postgresAdapterErrors = errorCatalogue('PostgresAdapterError', {
  /**
   * A migration file's name is not `NNN_lower_snake.sql`, two files share a number, or a migration set's name is not
   * lower-case (or it came without its files).
   */
  MIGRATION_NAME_INVALID: {},
  /** A migration already applied to this schema has different content now: migrations never change once shipped. */
  MIGRATION_CHANGED: {},
  /** A migration's SQL failed; its transaction was rolled back and it is not recorded. */
  MIGRATION_FAILED: {},
  /** The schema name is not a plain lower-case identifier. */
  SCHEMA_NAME_INVALID: {},
});

export type PostgresAdapterErrorCode = (typeof postgresAdapterErrors.codes)[number];

export class PostgresAdapterError extends postgresAdapterErrors.Error {
  constructor(code: PostgresAdapterErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

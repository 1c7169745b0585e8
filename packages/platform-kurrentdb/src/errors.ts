import { errorCatalogue } from '@fe/platform/errors';

/**
 * This package's own failures, each with a stable code (tests assert codes). What the adapter
 * reports through the EventStore port uses the platform's errors instead (`PlatformError`:
 * STORE_UNAVAILABLE retriable, WRONG_EXPECTED_VERSION, DUPLICATE_EVENT_ID), so a caller handles a
 * KurrentDB store exactly like the embedded one.
 */
const kurrentAdapterErrors = errorCatalogue('KurrentAdapterError', {
  /**
   * An event whose $all position is not one number: its commit and prepare positions differ (an
   * explicit transaction of the legacy TCP API) or the server sent none (KurrentDB/EventStoreDB
   * older than 22.6). This adapter never writes such events; a database that holds them is not one
   * it can serve.
   */
  POSITION_NOT_REPRESENTABLE: {},
  /** An event in $all that this adapter did not write: binary content, or JSON that is not an envelope with the event's id. */
  NOT_AN_ENVELOPE: {},
});

export type KurrentAdapterErrorCode = (typeof kurrentAdapterErrors.codes)[number];

export class KurrentAdapterError extends kurrentAdapterErrors.Error {
  constructor(code: KurrentAdapterErrorCode, message: string) {
    super(code, message);
  }
}

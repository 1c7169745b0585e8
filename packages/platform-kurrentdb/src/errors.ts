import { errorCatalogue } from '@fe/platform/errors';

/**
 * This package's own failures. Through the EventStore port it reports the platform's errors, so a caller handles
 * a KurrentDB store exactly like the embedded one.
 */
const kurrentAdapterErrors = errorCatalogue('KurrentAdapterError', {
  /**
   * An event whose $all position is not one number (a legacy explicit transaction, or a server older than 22.6):
   * a database holding such events is not one this adapter can serve.
   */
  POSITION_NOT_REPRESENTABLE: {},
  /**
   * An event in $all that this adapter did not write: binary content, or JSON that is not an envelope with the event's
   * id.
   */
  NOT_AN_ENVELOPE: {},
});

export type KurrentAdapterErrorCode = (typeof kurrentAdapterErrors.codes)[number];

export class KurrentAdapterError extends kurrentAdapterErrors.Error {
  constructor(code: KurrentAdapterErrorCode, message: string) {
    super(code, message);
  }
}

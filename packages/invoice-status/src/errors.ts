import { errorCatalogue } from '@fe/platform/errors';

/**
 * The projection's error catalogue. A retriable code is one a later delivery can get past, since a thrown error
 * makes the bus redeliver.
 */
export const projectionErrors = {
  STATUS_STORE_BUSY: { retriable: true, message: 'the status store is locked by another writer' },
  STATUS_STORE_UNAVAILABLE: {
    retriable: true,
    message: 'the status store cannot write now (disk full or I/O error); retried until it can',
  },
  STATUS_ROW_MOVED: {
    retriable: true,
    message: 'another process saved this invoice since this store did; the redelivery folds from its row',
  },
  CUFE_CONFLICT: { retriable: false, message: 'another invoice of this tenant already has this cufe' },
  NUMBER_TOO_LARGE: { retriable: false, message: 'the consecutive does not fit a 64-bit integer' },
} as const satisfies Record<string, { retriable: boolean; message: string }>;

const catalogue = errorCatalogue('ProjectionError', projectionErrors);

export type ProjectionErrorCode = keyof typeof projectionErrors;

export class ProjectionError extends catalogue.Error {
  constructor(code: ProjectionErrorCode, options: { cause?: unknown } = {}) {
    super(code, undefined, options);
  }
}

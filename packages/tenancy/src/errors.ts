import { errorCatalogue } from '@fe/platform/errors';

/**
 * The tenancy catalogue. None is retriable: each is a wrong input or key. A bad certificate keeps @fe/xades's own
 * codes. Messages and details never carry a secret.
 */
export const tenancyErrorCatalogue = {
  MASTER_KEY_INVALID: { message: 'The master key is not 32 bytes (raw, or base64 in the key file).' },
  SECRET_UNREADABLE: {
    message: 'A stored secret could not be decrypted: wrong master key, or the stored value was altered.',
  },
  TENANT_ID_INVALID: { message: 'A tenant id is 1–64 letters, digits, "-" or "_", starting with a letter or digit.' },
  TENANT_INVALID: { message: 'The tenant data is inconsistent.' },
  TENANT_EXISTS: { message: 'A tenant with this id already exists.' },
  TENANT_NOT_FOUND: { message: 'No tenant with this id.' },
  API_KEY_EXISTS: { message: 'The tenant already has a current API key; rotate it instead.' },
  API_KEY_NOT_FOUND: { message: 'The tenant has no current API key; issue one first.' },
  API_KEY_ENVIRONMENT_MISMATCH: {
    message: 'fe_test_ keys belong to habilitación tenants, fe_live_ keys to production ones.',
  },
  GRACE_PERIOD_INVALID: { message: 'The grace period is a finite number of hours, zero or more.' },
  TEST_SET_NOT_PASSED: { message: 'The habilitación test set has not passed yet: production cannot be switched on.' },
  ALREADY_IN_PRODUCTION: { message: 'The tenant is already in production.' },
  CA_CERTIFICATE_INVALID: { message: 'The PEM is not a single CA certificate (basicConstraints CA:true).' },
  TEST_CERTIFICATE_IN_PRODUCTION: {
    message:
      'Los certificados de prueba de la CA local solo sirven en habilitación: en producción la DIAN exige el de una ' +
      'entidad de certificación acreditada.',
  },
  LOCAL_TEST_CA_INVALID: { message: "The local test CA's file does not hold a key and the certificate it belongs to." },
} as const satisfies Record<string, { message: string }>;

const tenancyErrors = errorCatalogue('TenancyError', tenancyErrorCatalogue);

export type TenancyErrorCode = keyof typeof tenancyErrorCatalogue;

export class TenancyError extends tenancyErrors.Error {
  declare readonly retriable: false;

  /** `detail` is for ids, field names and counts only: never a secret. */
  constructor(code: TenancyErrorCode, detail?: string) {
    super(code, detail);
  }
}

export const isTenancyError = tenancyErrors.guard(TenancyError);

import { errorCatalogue } from '@fe/platform/errors';

/**
 * The XAdES error catalogue: stable codes tests assert. Messages never carry the password, key bytes or document
 * text.
 */
export const xadesErrorCatalogue = {
  P12_UNREADABLE: { message: 'The .p12 file is not a PKCS#12 archive this signer can read.', retriable: false },
  P12_WRONG_PASSWORD: { message: 'The .p12 password is wrong.', retriable: false },
  P12_NO_PRIVATE_KEY: { message: 'The .p12 holds no private key.', retriable: false },
  P12_NO_CERTIFICATE: { message: 'The .p12 holds no certificate for its private key.', retriable: false },
  CERT_EXPIRED: { message: 'The certificate has expired.', retriable: false },
  CERT_NOT_YET_VALID: { message: 'The certificate is not valid yet.', retriable: false },
  CERT_REVOKED: {
    message: 'The certificate was revoked by its certification authority (DIAN rule ZD04).',
    retriable: false,
  },
  CERT_NO_DIGITAL_SIGNATURE: { message: 'The certificate key usage lacks digitalSignature.', retriable: false },
  CERT_NO_NON_REPUDIATION: {
    message: 'The certificate key usage lacks nonRepudiation (DIAN rule ZD07).',
    retriable: false,
  },
  CERT_ITERATIONS_TOO_HIGH: {
    message:
      'The .p12 asks for more key-derivation iterations than the limit (100000 per part, 300000 in all): export it again with fewer.',
    retriable: false,
  },
  P12_LOAD_TIMEOUT: { message: 'Opening the .p12 took longer than allowed; it was abandoned.', retriable: false },
  CERT_KEY_TOO_SMALL: { message: 'The certificate key is RSA under 2048 bits.', retriable: false },
  CERT_NOT_ISSUERS: {
    message:
      "The certificate does not belong to the issuer: its subject names neither the tenant's NIT nor its technology provider's (DIAN rule ZE03).",
    retriable: false,
  },
  XML_NO_SIGNATURE_SLOT: {
    message: 'The document has no </ext:UBLExtensions> to place the signature in.',
    retriable: false,
  },
  XML_UNSUPPORTED_LAYOUT: {
    message: 'The document is not in the canonical layout the signer digests directly.',
    retriable: false,
  },
  XML_FORMS_DIFFER: {
    message: 'The delivered form of the document differs from its canonical form before the signature slot.',
    retriable: false,
  },
} as const;

const xadesErrors = errorCatalogue('XadesError', xadesErrorCatalogue);

export type XadesErrorCode = keyof typeof xadesErrorCatalogue;

/**
 * `detail` must never hold a secret: it is for names, codes, ids, sizes and dates only (it ends in logs and dead-letter
 * headers).
 */
export class XadesError extends xadesErrors.Error {
  constructor(code: XadesErrorCode, detail?: string, options: { cause?: unknown } = {}) {
    super(code, detail, options);
  }
}

export const isXadesError = xadesErrors.guard(XadesError);

export const isXadesErrorCode = xadesErrors.isCode;

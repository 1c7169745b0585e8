// The public surface of @fe/xades: XAdES-EPES signing of DIAN documents (policy v2), the .p12 and
// certificate checks, and an independent verifier. Shared by the signer service, the tenant
// directory, the submitter (WS-Security) and the CLI. Anything not exported here (or, for a signing worker
// thread, by ./signer.ts) is private.
export { createXadesSigner, type XadesSigner, type SignOptions, type SignedDocument } from './signing/xades-signer.ts';
export { signDeliveredForm } from './signing/sign-delivered-form.ts';
export { DIAN_POLICY, isDigestAlgorithm, type DigestAlgorithm } from './signing/algorithms.ts';
export { loadP12 } from './certificates/load-p12.ts';
export { chainFromPem, chainToPem, type CertificateChain } from './certificates/certificate-chain.ts';
export { assertValidAt } from './certificates/validity.ts';
export { createP12Loader, sharedP12Loader, type P12Loader } from './certificates/p12-loader.ts';
export { MAX_P12_ITERATIONS } from './certificates/p12-iterations.ts';
export { assertCertificateOfIssuer, subjectNits } from './certificates/certificate-owner.ts';
export {
  createRevocationChecker,
  revocationCheckerFromEnv,
  sharedRevocationChecker,
  type RevocationChecker,
  type RevocationCheckerOptions,
  type RevocationStatus,
} from './certificates/revocation/revocation-checker.ts';
export { readRevocationList, type RevocationList } from './certificates/revocation/crl.ts';
export type { SigningCredential, ChainCertificate } from './certificates/credential.ts';
export { XadesError, isXadesError, isXadesErrorCode, xadesErrorCatalogue, type XadesErrorCode } from './errors.ts';
export { verifySignedInvoice, type VerifyOptions } from './verify/verify-signed-invoice.ts';
export { verifySignedEvent, type EventVerifyOptions } from './verify/verify-signed-event.ts';
export {
  verifyAttachedDocument,
  verifyApplicationResponseSignature,
  isAttachedDocument,
  type AttachedDocumentVerifyOptions,
} from './verify/verify-attached-document.ts';
export { canonicalDocument } from './verify/dom.ts';
export { formatReport, type Check, type VerificationReport } from './verify/report.ts';

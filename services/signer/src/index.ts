// The public surface of @fe/signer. Anything not exported here is private.
export type { XmlSigner } from './ports/xml-signer.ts';
export { createSignerPool } from './pool/signer-pool.ts';
export { createInProcessSigner, type InProcessSigner } from './pool/in-process-signer.ts';
export { createXadesSigner, type XadesSigner, type SignOptions, type SignedDocument } from './xades/xades-signer.ts';
export { DIAN_POLICY, isDigestAlgorithm, type DigestAlgorithm } from './xades/algorithms.ts';
export { loadP12 } from './certificates/load-p12.ts';
export type { SigningCredential, ChainCertificate } from './certificates/credential.ts';
export { SignerError, isSignerError, signerErrorCatalogue, type SignerErrorCode } from './errors.ts';
export { verifySignedInvoice, type VerifyOptions } from './verify/verify-signed-invoice.ts';
export { canonicalDocument } from './verify/dom.ts';
export { formatReport, type Check, type VerificationReport } from './verify/report.ts';
export { createSignerService, type SignerServicePorts } from './service.ts';
export { signerConfigSchema, signerConfigFromEnv, defaultSignerConfig, type SignerConfig } from './config.ts';
export type { SigningTenants, SigningProfile } from './on-invoice-requested/signing-tenants.ts';
export { signRequested, type SignedInvoice } from './on-invoice-requested/sign-requested.ts';

// The public surface of @fe/signer, the signing service: its reaction to InvoiceRequested, the
// worker-thread pool and its configuration. XAdES itself (.p12, certificates, the signer, the
// verifier) is @fe/xades. Anything not exported here is private.
export type { XmlSigner } from './ports/xml-signer.ts';
export { createSignerPool } from './pool/signer-pool.ts';
export { createInProcessSigner, type InProcessSigner } from './pool/in-process-signer.ts';
export { SignerError, isSignerError, signerErrorCatalogue, type SignerErrorCode } from './errors.ts';
export { createSignerService, type SignerServicePorts } from './service.ts';
export { signerConfigSchema, signerConfigFromEnv, defaultSignerConfig, type SignerConfig } from './config.ts';
export type { SigningTenants, SigningProfile } from './on-invoice-requested/signing-tenants.ts';
export { signRequested, type SignedInvoice } from './on-invoice-requested/sign-requested.ts';

import type { SignedDocument, SigningCredential, SignOptions } from '@fe/xades';

/**
 * The signer's port: `createSignerPool()` for services, so signing never blocks the event loop, and
 * `createInProcessSigner()` for the CLI and tests.
 */
export interface XmlSigner {
  /**
   * Rejects with XadesError (a certificate or layout problem) or SignerError (the pool's POOL_* codes); `signingTime`
   * must fall inside the certificate's validity.
   */
  sign(xml: string, credential: SigningCredential, options: SignOptions): Promise<SignedDocument>;
  /** Stops accepting work; pending jobs reject with POOL_CLOSED. */
  close(): Promise<void>;
}

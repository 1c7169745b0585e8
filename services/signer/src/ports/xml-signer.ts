import type { SignedDocument, SigningCredential, SignOptions } from '@fe/xades';

/**
 * The signer service's port: XAdES-EPES (DIAN policy v2) over an unsigned invoice from
 * @fe/dian-domain. Two adapters: `createSignerPool()` (worker threads; what services use, so a
 * 500-line invoice never blocks the event loop) and `createInProcessSigner()` (the CLI, tests).
 *
 *   const signer = createSignerPool({ size: 2 });
 *   const { xml } = await signer.sign(built.xml, loadP12(p12, password, now), { signingTime: issuedAt });
 *   await signer.close();
 */
export interface XmlSigner {
  /** Rejects with XadesError (a certificate or layout problem) or SignerError (the pool's POOL_* codes); `signingTime` must fall inside the certificate's validity. */
  sign(xml: string, credential: SigningCredential, options: SignOptions): Promise<SignedDocument>;
  /** Stops accepting work; pending jobs reject with POOL_CLOSED. */
  close(): Promise<void>;
}

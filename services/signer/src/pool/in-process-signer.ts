import {
  createXadesSigner,
  type SignedDocument,
  type SigningCredential,
  type SignOptions,
  type XadesSigner,
} from '@fe/xades';
import { SignerError } from '../errors.ts';
import type { XmlSigner } from '../ports/xml-signer.ts';

export type InProcessSigner = XmlSigner & {
  signSync(xml: string, credential: SigningCredential, options: SignOptions): SignedDocument;
};

/** Signs on the calling thread: for the CLI and tests, where blocking for a few ms is fine. */
export function createInProcessSigner(): InProcessSigner {
  const signers = new WeakMap<SigningCredential, XadesSigner>();
  let closed = false;
  const signSync: InProcessSigner['signSync'] = (xml, credential, options) => {
    if (closed) throw new SignerError('POOL_CLOSED');
    let signer = signers.get(credential);
    if (!signer) signers.set(credential, (signer = createXadesSigner(credential)));
    return signer.sign(xml, options);
  };
  return {
    signSync,
    sign: async (xml, credential, options) => signSync(xml, credential, options),
    close: async () => {
      closed = true;
    },
  };
}

import type { SigningCredential } from '../certificates/credential.ts';
import type { SignerErrorCode } from '../errors.ts';
import type { SignedDocument, SignOptions } from '../xades/xades-signer.ts';

/** Pool → worker. The credential travels once per worker (KeyObjects clone across threads). */
export type SignJob = {
  jobId: number;
  credentialId: number;
  credential?: SigningCredential;
  xml: string;
  options: SignOptions;
};

/** Worker → pool. Errors travel as their catalogue code; messages hold no secrets by construction. */
export type SignReply =
  | { jobId: number; ok: true; result: SignedDocument }
  | { jobId: number; ok: false; code: SignerErrorCode | undefined; message: string };

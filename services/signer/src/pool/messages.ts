import type { SignedDocument, SigningCredential, SignOptions, XadesErrorCode } from '@fe/xades';

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
  | { jobId: number; ok: false; code: XadesErrorCode | undefined; message: string };

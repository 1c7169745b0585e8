import type { XadesErrorCode } from '../errors.ts';
import type { SigningCredential } from './credential.ts';

/** Loader → worker: one .p12 to open. */
export type P12Job = { jobId: number; p12: Uint8Array; password: string; at: Date };

/** Worker → loader: the credential (KeyObjects clone across threads) or the refusal's code. */
export type P12Reply =
  | { jobId: number; ok: true; credential: SigningCredential }
  | { jobId: number; ok: false; code: XadesErrorCode; message: string };

import type { FileKind } from '../file-names/file-names.ts';

/** One file's place in its counter: what the name is built from. */
export type FileNumber = { year: number; consecutive: number };

export type FileNumberRequest = {
  /** Issuer NIT without DV: the counter is the issuer's, whichever tenant sends. */
  nit: string;
  kind: FileKind;
  /** The year a new number is taken in; an owner that has one keeps its own. */
  year: number;
  /** What the file is, unique per NIT and kind: its document's stream plus purpose ('inv-acme-NC1', '…NC1:nc'). */
  owner: string;
};

/**
 * The annex's file counter (docs/choices.md, "File names"): per issuer NIT, year and kind, numbers 1, 2, 3… with
 * no gap and none used twice, across restarts and processes. An owner asking again gets its own number back, so a
 * retry or a restart names the file as before.
 *
 *   const n = await counter.allocate({ nit: '900373076', kind: 'nc', year: 2026, owner: 'inv-acme-NC1' });
 *   dianFileName({ kind: 'nc', nit: '900373076', ...n }); // 'nc09003730760002600000001.xml' on a new counter
 */
export interface FileCounter {
  allocate(request: FileNumberRequest): Promise<FileNumber>;
  close(): Promise<void>;
}

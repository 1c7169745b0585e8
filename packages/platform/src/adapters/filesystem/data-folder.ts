import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PlatformError } from '../../errors.ts';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only.ts';

/**
 * Makes the embedded data folder owner-only before anything is opened in it: it holds customers'
 * names, NITs and e-mails, the encrypted certificates and the master key that opens them.
 *
 *   prepareDataFolder('./data');   // creates it 0700, or checks and tightens an existing one
 *
 * Refused (the service does not start):
 * - DATA_FOLDER_UNSAFE: group or others can write it (anyone could have swapped a key or a
 *   database in it), or it is not a folder;
 * - DATA_FOLDER_NOT_OWNED: another user owns it (files created in it would be ours, the folder
 *   theirs: neither could manage the other's).
 * A folder from before this check (0755, files 0644) is tightened: every folder under it 0700,
 * every file 0600, the folder itself last, so a start cut half-way tightens again next time.
 * Symbolic links are neither followed nor changed. An owner-only folder (0700) is not walked: what
 * the service writes in it is created owner-only, and nobody else can reach inside anyway.
 */
export function prepareDataFolder(dir: string, options: { uid?: number | undefined } = {}): void {
  let stats = statSync(dir, { throwIfNoEntry: false });
  if (!stats) {
    mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
    stats = statSync(dir);
  }
  const mode = stats.mode & 0o777;
  if (!stats.isDirectory()) throw new PlatformError('DATA_FOLDER_UNSAFE', `DATA_FOLDER_UNSAFE: the data folder ${dir} is not a folder`, false);
  const uid = options.uid ?? process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    throw new PlatformError('DATA_FOLDER_NOT_OWNED', `DATA_FOLDER_NOT_OWNED: the data folder ${dir} belongs to user ${stats.uid}, the service runs as user ${uid}; run it as that user or give it its own folder (FE_DATA_DIR)`, false);
  }
  if (mode & 0o022) {
    throw new PlatformError('DATA_FOLDER_UNSAFE', `DATA_FOLDER_UNSAFE: the data folder ${dir} can be written by ${mode & 0o020 ? 'its group' : 'other users'} (mode ${octal(mode)}); after checking nothing in it was changed, chmod 700 ${dir}`, false);
  }
  if (mode !== OWNER_ONLY_DIR) {
    tightenContents(dir);
    chmodSync(dir, OWNER_ONLY_DIR);
  }
}

function tightenContents(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      tightenContents(path);
      chmodSync(path, OWNER_ONLY_DIR);
    } else if (entry.isFile() && (lstatSync(path).mode & 0o777) !== OWNER_ONLY_FILE) {
      chmodSync(path, OWNER_ONLY_FILE);
    }
  }
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;

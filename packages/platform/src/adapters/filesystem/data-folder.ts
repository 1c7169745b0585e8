import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PlatformError } from '../../errors.ts';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only.ts';

/**
 * Makes the data folder owner-only before anything opens in it: it holds customers' data and the master key.
 * Refuses (DATA_FOLDER_UNSAFE, DATA_FOLDER_NOT_OWNED) when another user could have swapped a file in it.
 */
export function prepareDataFolder(dir: string, options: { uid?: number | undefined } = {}): void {
  let stats = statSync(dir, { throwIfNoEntry: false });
  if (!stats) {
    mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
    stats = statSync(dir);
  }
  const mode = stats.mode & 0o777;
  if (!stats.isDirectory())
    throw new PlatformError('DATA_FOLDER_UNSAFE', `DATA_FOLDER_UNSAFE: the data folder ${dir} is not a folder`, false);
  const uid = options.uid ?? process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    throw new PlatformError(
      'DATA_FOLDER_NOT_OWNED',
      `DATA_FOLDER_NOT_OWNED: the data folder ${dir} belongs to user ${stats.uid}, the service runs as user ${uid}; run it as that user or give it its own folder (FE_DATA_DIR)`,
      false,
    );
  }
  if (mode & 0o022) {
    throw new PlatformError(
      'DATA_FOLDER_UNSAFE',
      `DATA_FOLDER_UNSAFE: the data folder ${dir} can be written by ${mode & 0o020 ? 'its group' : 'other users'} (mode ${octal(mode)}); after checking nothing in it was changed, chmod 700 ${dir}`,
      false,
    );
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

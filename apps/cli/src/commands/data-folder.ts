import type { CommandOutput } from './xml.ts';

/** What a command reading the embedded data folder gets from main.ts to name it. */
export type DataFolderIo = {
  /** The folder, absolute: --data-dir from where the user typed, else FE_DATA_DIR, else ./data. */
  dataFolder(dataDir: string | undefined): string;
};

/** The refusal of a command whose data folder lacks what it reads: it names the folder it looked in. */
export function missingInDataFolder(
  folder: string,
  missing: string,
  why = 'the service has not run there',
): CommandOutput {
  return {
    exitCode: 1,
    stdout: '',
    stderr: `no ${missing} in ${folder}: ${why} (--data-dir names the folder; default FE_DATA_DIR, else ./data)\n`,
  };
}

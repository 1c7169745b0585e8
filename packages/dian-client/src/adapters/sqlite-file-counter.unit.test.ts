import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileCounterContract } from '../../test-support/file-counter.contract.ts';
import { SqliteFileCounter } from './sqlite-file-counter.ts';

fileCounterContract('sqlite', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'fe-files-')), 'state.sqlite');
  return { open: () => new SqliteFileCounter(file) };
});

// DIAN's published files that the tests check against, kept unchanged in spec/dian/ at the root.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const dianSpecDir = resolve(import.meta.dirname, '../../../spec/dian');

/** The text of a file of spec/dian/, e.g. `test-vectors.json`. */
export const readDianSpec = (path: string): string => readFileSync(resolve(dianSpecDir, path), 'utf8');

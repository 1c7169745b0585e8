// The simulator's currency table (FAD15a) is DIAN's own list, read here from the genericode file
// in spec/dian/codelists, so an edit to either shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CURRENCIES } from '../src/rules/document-rules.ts';
import { dianSpecDir } from '../test-support/world.ts';

it('FAD15a checks against DIAN\'s TipoMoneda-2.1.gc, code for code', () => {
  const gc = readFileSync(join(dianSpecDir, 'codelists/TipoMoneda-2.1.gc'), 'utf8');
  const codes = [...gc.matchAll(/<Row>\s*<Value ColumnRef="code">\s*<SimpleValue>([^<]+)<\/SimpleValue>/g)].map((m) => m[1]);
  expect(codes).toHaveLength(179);
  expect([...CURRENCIES].sort()).toEqual([...codes].sort());
});

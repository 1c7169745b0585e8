// Regenerates packages/dian-domain/src/codelists/*.json from DIAN's genericode lists and amendments.ts
// (docs/dian-domain.md, "Code lists"); a unit test checks the JSON still equals what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  codelistSources,
  generateCodelist,
  type CodelistName,
} from '../packages/dian-domain/src/codelists/genericode.ts';

for (const [name, { file }] of Object.entries(codelistSources)) {
  const target = new URL(`../packages/dian-domain/src/codelists/${name}.json`, import.meta.url);
  const source = new URL(`../spec/dian/codelists/${file}`, import.meta.url);
  const rows = generateCodelist(name as CodelistName, readFileSync(source, 'utf8'));
  writeFileSync(target, JSON.stringify(rows, null, 1) + '\n');
  console.log(`${name}: ${Object.keys(rows).length} codes`);
}

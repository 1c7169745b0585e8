// Regenerates packages/dian-domain/src/codelists/*.json from DIAN's genericode lists in
// spec/dian/codelists (annex 1.7/1.8 editions) and the amendments of
// packages/dian-domain/src/codelists/amendments.ts (docs/dian-domain.md, "Code lists", says how
// each list differs from annex 1.9 and why). Run: pnpm exec node scripts/generate-codelists.ts.
// A unit test checks the JSON still equals what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { codelistSources, generateCodelist, type CodelistName } from '../packages/dian-domain/src/codelists/genericode.ts';

for (const [name, { file }] of Object.entries(codelistSources)) {
  const target = new URL(`../packages/dian-domain/src/codelists/${name}.json`, import.meta.url);
  const source = new URL(`../spec/dian/codelists/${file}`, import.meta.url);
  const rows = generateCodelist(name as CodelistName, readFileSync(source, 'utf8'));
  writeFileSync(target, JSON.stringify(rows, null, 1) + '\n');
  console.log(`${name}: ${Object.keys(rows).length} codes`);
}

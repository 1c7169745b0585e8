// Regenerates packages/dian-domain/src/codelists/*.json from DIAN's genericode lists in
// spec/dian/codelists (annex 1.7/1.8 vintage; see docs/dian-domain.md for how 1.9 differs).
// Run: pnpm exec node scripts/generate-codelists.ts. A unit test checks the JSON still equals the source.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseGenericode, codelistSources } from '../packages/dian-domain/src/codelists/genericode.ts';

for (const [name, file] of Object.entries(codelistSources)) {
  const target = new URL(`../packages/dian-domain/src/codelists/${name}.json`, import.meta.url);
  const source = new URL(`../spec/dian/codelists/${file}`, import.meta.url);
  const rows = parseGenericode(readFileSync(source, 'utf8'));
  writeFileSync(target, JSON.stringify(rows, null, 1) + '\n');
  console.log(`${name}: ${Object.keys(rows).length} codes`);
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDianSpec } from '../../test/dian-spec.ts';
import { codelistSources, parseGenericode } from './genericode.ts';

describe('checked-in code lists', () => {
  it.each(Object.entries(codelistSources))('%s.json equals spec/dian/codelists/%s (run scripts/generate-codelists.ts)', (name, file) => {
    const source = readDianSpec(`codelists/${file}`);
    const checkedIn = JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8'));
    const expected = parseGenericode(source);
    expect(Object.keys(expected).length).toBeGreaterThan(30);
    expect(checkedIn).toEqual(expected);
  });
});

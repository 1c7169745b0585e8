import { readFileSync } from 'node:fs';
import { customerSchema } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { readDianSpec } from '../../test-support/dian-spec.ts';
import type { Amendment } from './amendments.ts';
import { codelists, hasCode } from './index.ts';
import { codelistSources, generateCodelist, parseGenericode, type CodelistName } from './genericode.ts';

const sources = Object.entries(codelistSources) as [CodelistName, (typeof codelistSources)[CodelistName]][];

describe('checked-in code lists', () => {
  it.each(sources)(
    '%s.json equals spec/dian/codelists and its amendments (run scripts/generate-codelists.ts)',
    (name, { file }) => {
      const checkedIn = JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8'));
      const expected = generateCodelist(name, readDianSpec(`codelists/${file}`));
      expect(Object.keys(expected).length).toBeGreaterThan(4);
      expect(checkedIn).toEqual(expected);
    },
  );

  // An amendment states DIAN's text; a new edition of the file that changes it must be looked at again.
  it.each(sources.filter(([, s]) => s.amendments.length > 0))(
    'every amendment of %s still meets the DIAN text it records',
    (_, { file, amendments }) => {
      const dian = parseGenericode(readDianSpec(`codelists/${file}`));
      for (const amendment of amendments as readonly Amendment[]) {
        expect({
          code: amendment.code,
          text: Object.hasOwn(dian, amendment.code) ? dian[amendment.code] : undefined,
        }).toEqual({ code: amendment.code, text: amendment.dian });
      }
    },
  );

  it('has no machine-translated unit names or mojibake left', () => {
    const units = JSON.parse(readFileSync(new URL('./units.json', import.meta.url), 'utf8')) as Record<string, string>;
    expect(units).toMatchObject({ 81: 'henry', C34: 'mol', D34: 'tex', 11: 'equipo', A11: 'ångström' });
    expect(
      Object.values(units).filter((n) =>
        /[ÃÂ€]|^(Enrique|Texas|Topo|Disparo|levantar|equipar|cubrir|bloquear|despreciar)$/.test(n),
      ),
    ).toEqual([]);
  });
});

describe('the request contract takes its codes from these lists', () => {
  // The contract (@fe/contracts) cannot import the domain; this keeps its enums inside the generated lists.
  const enumValues = (schema: unknown): string[] => {
    let node = schema as { unwrap?: () => unknown; element?: unknown; options?: string[] };
    while (!node.options) node = (node.element ?? node.unwrap!()) as typeof node;
    return node.options;
  };
  it.each([
    ['customer.tax_level_codes', () => customerSchema.shape.tax_level_codes, codelists.fiscalResponsibilities],
    ['customer.document_type', () => customerSchema.shape.document_type, codelists.identificationTypes],
  ] as const)('%s', (_, schema, list) => {
    const values = enumValues(schema());
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((code) => !hasCode(list, code))).toEqual([]);
  });
});

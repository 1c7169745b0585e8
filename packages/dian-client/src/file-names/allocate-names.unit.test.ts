// A year of a company's random documents through the counter as the services ask it: no two files share a
// name, a file asked for again keeps its name, and each counter runs 1, 2, 3… without a gap.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateDocumentNames } from './allocate-names.ts';
import { dianFileName, type DianFileNames, type DocumentType } from './file-names.ts';
import { SqliteFileCounter } from '../adapters/sqlite-file-counter.ts';

const NIT = '900373076';

/** One step of the company's year: a document sent to DIAN, a mail to its buyer, or a seller's RADIAN event. */
const step = fc.record({
  prefix: fc.constantFrom('SETP', 'SETT', 'NC', 'ND'),
  number: fc.integer({ min: 1, max: 6 }), // few numbers, so prefixes share them often
  what: fc.constantFrom('send', 'mail', 'event'),
  code: fc.constantFrom('034', '036', '037'),
  // Late December into January: a document issued in one year and sent or mailed in the next.
  year: fc.constantFrom(2026, 2026, 2026, 2027),
});

const kindOf = (prefix: string): DocumentType => (prefix === 'NC' ? 'nc' : prefix === 'ND' ? 'nd' : 'fv');

describe('allocateDocumentNames over a year of random documents', () => {
  it('never gives two files one name, gives a file its name again, and numbers each counter without a gap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60 }), async (steps) => {
        const counter = new SqliteFileCounter(join(mkdtempSync(join(tmpdir(), 'fe-names-')), 'state.sqlite'));
        try {
          const byFile = new Map<string, DianFileNames>();
          for (const s of steps) {
            const stream = `inv-acme-${s.prefix}${s.number}`;
            // The owners and kinds the submitter, the notifier and the seller's events use.
            const [type, owner]: [DocumentType, string] =
              s.what === 'send'
                ? [kindOf(s.prefix), stream]
                : s.what === 'mail'
                  ? ['ad', stream]
                  : ['ar', `${stream}:${s.code}`];
            const names = await allocateDocumentNames(counter, { nit: NIT, type, year: s.year, owner });
            const file = `${type} ${owner}`;
            const before = byFile.get(file);
            if (before) expect(names).toEqual(before);
            byFile.set(file, names);
          }
          const all = [...byFile.values()].flatMap((n) => [n.xml, n.zip]);
          expect(new Set(all).size).toBe(all.length);
          // Per kind and year, the numbers given are exactly 1..n: rebuilt from n, the names are the same set.
          const counted = new Map<string, number>();
          for (const name of all) counted.set(name.slice(0, -12), (counted.get(name.slice(0, -12)) ?? 0) + 1);
          const expected = [...counted].flatMap(([head, n]) =>
            Array.from({ length: n }, (_, i) =>
              dianFileName({
                kind: head.replace(/\d+$/, '') as DocumentType | 'z',
                nit: NIT,
                year: 2000 + Number(head.slice(-2)),
                consecutive: i + 1,
              }),
            ),
          );
          expect(new Set(all)).toEqual(new Set(expected));
        } finally {
          await counter.close();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

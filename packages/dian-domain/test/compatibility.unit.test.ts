import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCase, invoiceCases } from '../test-support/invoice-cases.ts';

/**
 * The request contract grows compatibly: a request valid before discounts, charges, advances, free items and
 * foreign buyers still builds the same bytes and CUFE as `pinned-documents.json` (written at commit 5f16977).
 */
const pinned = JSON.parse(
  readFileSync(new URL('../test-support/pinned-documents.json', import.meta.url), 'utf8'),
) as Record<string, { cufe: string; xmlSha256: string }>;
const example = JSON.parse(readFileSync(new URL('../../../examples/invoice-request.json', import.meta.url), 'utf8'));

// New cases (with the new fields) are not pinned: only the old ones must keep their bytes.
const documents = [...invoiceCases, { name: 'examples/invoice-request.json', request: example }].filter((d) =>
  Object.hasOwn(pinned, d.name),
);

describe('requests valid before issue 18 build the same document', () => {
  it('still has every pinned case', () =>
    expect(documents.map((d) => d.name).sort()).toEqual(Object.keys(pinned).sort()));

  it.each(documents)('$name', ({ name, request }) => {
    const built = buildCase(request);
    expect({ cufe: built.cufe, xmlSha256: createHash('sha256').update(built.xml).digest('hex') }).toEqual(pinned[name]);
  });
});

// docs/api.md lists every error code with its HTTP status for integrators; this keeps that table
// and the catalogue integrators' code switches on from drifting apart.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { errorCatalogue } from './error-codes.ts';

const apiDoc = resolve(import.meta.dirname, '../../../docs/api.md');

/** `| 400 | `MALFORMED_JSON` | …` rows of the "Errors" section, as code → HTTP status. */
function documentedCodes(markdown: string): Record<string, number> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Errors\n')) ?? '';
  const rows = [...section.matchAll(/^\| (\d{3}) \| `([A-Z_]+)` \|/gm)];
  return Object.fromEntries(rows.map(([, http, code]) => [code!, Number(http)]));
}

it('docs/api.md lists every error code of the catalogue with its HTTP status, and no other', () => {
  const catalogue = Object.fromEntries(Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.http]));
  expect(documentedCodes(readFileSync(apiDoc, 'utf8'))).toEqual(catalogue);
});

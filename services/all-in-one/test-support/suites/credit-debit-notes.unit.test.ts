import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { cudeFromXml } from './credit-debit-notes.ts';

// The suite's own CUDE formula, checked on the project's unsigned CreditNote example (PIN 12345,
// habilitación) whose CUDE input and hash are known: the e2e suite's oracle must be right first.
it('recomputes the CUDE of the CreditNote example from its XML alone', () => {
  const xml = readFileSync(
    resolve(import.meta.dirname, '../../../../spec/dian/examples/own/creditnote-unsigned-example.xml'),
    'utf8',
  );
  expect(cudeFromXml(xml, '12345')).toBe(
    '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596',
  );
});

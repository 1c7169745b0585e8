import { defaultNoteNumbering } from '@fe/tenancy';
import { expect, it } from 'vitest';
import { noteNumberingSection } from './note-numbering.ts';

it("shows each kind's prefix and range, and whether they are the defaults", () => {
  const shown = noteNumberingSection(defaultNoteNumbering, false).text;
  expect(shown).toContain('<dd data-note-numbering="credit"><code>NC</code> 1 – 9999999999</dd>');
  expect(shown).toContain('<dd data-note-numbering="debit"><code>ND</code> 1 – 9999999999</dd>');
  expect(shown).toContain('Numeración predeterminada.');
  const own = noteNumberingSection(
    { credit: { prefix: 'A<1', from: '5', to: '9' }, debit: defaultNoteNumbering.debit },
    true,
  ).text;
  expect(own).toContain('<code>A&lt;1</code> 5 – 9');
  expect(own).toContain('Numeración propia de la empresa.');
});

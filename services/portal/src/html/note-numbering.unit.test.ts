import { defaultNoteNumbering } from '@fe/tenancy';
import { expect, it } from 'vitest';
import { noteNumberingSection } from './note-numbering.ts';

it("offers each kind's prefix and range to edit on the page, and says whether they are the defaults", () => {
  const shown = noteNumberingSection(defaultNoteNumbering, false, { csrf: 't', errors: {} }).text;
  expect(shown).toContain('action="/admin/settings/note-numbering"');
  expect(shown).toMatch(/name="creditPrefix" type="text" value="NC"/);
  expect(shown).toMatch(/name="debitTo" type="text" value="9999999999"/);
  expect(shown).toContain('Numeración predeterminada.');
  expect(shown).not.toContain('pnpm fe');
  const own = noteNumberingSection(
    { credit: { prefix: 'A<1', from: '5', to: '9' }, debit: defaultNoteNumbering.debit },
    true,
    { csrf: 't', errors: { creditPrefix: 'prefijo: 1 a 4 letras o dígitos' } },
  ).text;
  expect(own).toContain('value="A&lt;1"');
  expect(own).toContain('data-field-error="creditPrefix"');
  expect(own).toContain('Numeración propia de la empresa.');
});

import { describe, expect, it } from 'vitest';
import { codelists } from './index.ts';
import { municipalityOptions, spellMunicipality } from './municipalities.ts';

describe('municipality names as Colombians write them', () => {
  const spelled = Object.entries(codelists.municipalities).map(([code, name]) => [code, spellMunicipality(name)]);
  const byCode = Object.fromEntries(spelled);

  it('spells the capital, Cúcuta and Cartagena as they are written', () => {
    expect([byCode['11001'], byCode['54001'], byCode['13001']]).toEqual([
      'Bogotá, D.C.',
      'San José de Cúcuta',
      'Cartagena de Indias',
    ]);
  });

  it('leaves no capitalised particle after the first word, and keeps a leading one', () => {
    const capitalised = spelled.filter(([, name]) => / (De|Del|La|Las|Los|Y)(?= |$)/.test(name!));
    expect(capitalised).toEqual([]);
    expect(byCode['17380']).toBe('La Dorada');
  });

  it('is what the form offers', () => {
    expect(municipalityOptions().find((o) => o.code === '11001')?.label).toBe('Bogotá, D.C. (Bogotá)');
  });
});

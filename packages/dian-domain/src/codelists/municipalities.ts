import departments from './departments.json' with { type: 'json' };
import municipalities from './municipalities.json' with { type: 'json' };

const names: Readonly<Record<string, string>> = municipalities;
const departmentNames: Readonly<Record<string, string>> = departments;
const particles = new Set(['de', 'del', 'la', 'las', 'los', 'y']);

/** True for a DANE municipality code of DIAN's list (Municipio-2.1.gc). */
export const isMunicipalityCode = (code: string): boolean => Object.hasOwn(names, code);

/**
 * A name of DIAN's list as Colombians write it: "San José de Cúcuta", "Bogotá, D.C.". The XML keeps DIAN's own text
 * (FAJ10 compares it with DIAN's table); what a person reads, the portal and the PDF, goes through this.
 */
export function spellMunicipality(dianName: string): string {
  return dianName
    .split(' ')
    .map((word, i) => (i > 0 && particles.has(word.toLowerCase()) ? word.toLowerCase() : word))
    .join(' ')
    .replace(/(?<!\p{L})(?:\p{L}\.){2,}/gu, (initials) => initials.toUpperCase());
}

/** Every municipality as `{ code, label }` ("Medellín (Antioquia)"), sorted by label: what a form offers. */
export function municipalityOptions(): { code: string; label: string }[] {
  return Object.entries(names)
    .map(([code, name]) => ({
      code,
      label: `${spellMunicipality(name)} (${departmentNames[code.slice(0, 2)] ?? code.slice(0, 2)})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

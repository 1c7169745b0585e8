import departments from './departments.json' with { type: 'json' };
import municipalities from './municipalities.json' with { type: 'json' };

const names: Readonly<Record<string, string>> = municipalities;
const departmentNames: Readonly<Record<string, string>> = departments;

/** True for a DANE municipality code of DIAN's list (Municipio-2.1.gc). */
export const isMunicipalityCode = (code: string): boolean => Object.hasOwn(names, code);

/** Every municipality as `{ code, label }` ("Medellín (Antioquia)"), sorted by label: what a form offers. */
export function municipalityOptions(): { code: string; label: string }[] {
  return Object.entries(names)
    .map(([code, name]) => ({ code, label: `${name} (${departmentNames[code.slice(0, 2)] ?? code.slice(0, 2)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

/**
 * NIT check digit (DV), annex 1.9 §2.1.
 *
 *   nitCheckDigit('800197268') === 4   // DIAN's own NIT
 */
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

export function nitCheckDigit(nit: string): number {
  if (!/^\d{1,15}$/.test(nit)) throw new RangeError('a NIT is 1 to 15 digits');
  let sum = 0;
  for (let i = 0; i < nit.length; i++) {
    sum += Number(nit[nit.length - 1 - i]) * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r < 2 ? r : 11 - r;
}

export type NitParts = { nit: string; dv: number };

/**
 * Reads a NIT as integrators send it, with or without its DV (docs/api.md, "Create an invoice"): the parts, or why
 * it is invalid. `declaredDv` is a DV sent in its own field.
 */
export function parseNit(
  text: string,
  declaredDv?: string,
): { ok: true; value: NitParts } | { ok: false; reason: string } {
  const match = /^(\d+)(?:-(\d))?$/.exec(text.trim());
  if (!match) return { ok: false, reason: 'a NIT is digits only, optionally followed by -DV' };
  const body = match[1]!;
  if (body.length < 6 || body.length > 10) return { ok: false, reason: 'a NIT has 6 to 10 digits without its DV' };
  // Its DV (0) checks, but no one has NIT 0: a placeholder would be sent to DIAN as the buyer.
  if (/^0+$/.test(body)) return { ok: false, reason: 'un NIT no puede ser solo ceros' };
  const dv = nitCheckDigit(body);
  for (const given of [match[2], declaredDv]) {
    if (given !== undefined && Number(given) !== dv) {
      return { ok: false, reason: `check digit ${given} does not match the NIT (expected ${dv})` };
    }
  }
  return { ok: true, value: { nit: body, dv } };
}

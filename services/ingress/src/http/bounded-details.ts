import type { ErrorDetail } from '@fe/contracts';

/** An error body repeats at most this much of what the client sent: it never grows with the request. */
export const MAX_DETAILS = 50;
const MAX_DETAIL_TEXT = 200;

/** Cuts a text to `max` characters, saying how many were left out. */
export function bounded(text: string, max = MAX_DETAIL_TEXT): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} caracteres omitidos)`;
}

/** The first MAX_DETAILS details, each path and message cut; a last detail says how many more were found. */
export function boundedDetails(details: readonly ErrorDetail[]): ErrorDetail[] {
  const kept = details.slice(0, MAX_DETAILS).map((d) => ({ path: bounded(d.path), message: bounded(d.message) }));
  const left = details.length - kept.length;
  if (left > 0) kept.push({ path: '', message: `${left} errores más omitidos` });
  return kept;
}

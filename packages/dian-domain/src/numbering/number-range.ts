import { failure, type Result } from '../errors/domain-error.ts';
import type { NumberingResolution } from '../tenant/tenant.ts';

/**
 * Whether a consecutive may be issued under a resolution on a date (annex §7.2). Compared as BigInt: ranges reach
 * 10 digits.
 */
export function checkNumberInRange(resolution: NumberingResolution, number: string, issueDate: string): Result<string> {
  if (!/^\d{1,10}$/.test(number))
    return failure('NUMBER_OUT_OF_RANGE', 'The invoice number is not 1 to 10 digits.', [
      { path: 'number', message: 'must be 1 to 10 digits' },
    ]);
  const n = BigInt(number);
  if (n < BigInt(resolution.from) || n > BigInt(resolution.to)) {
    return failure('NUMBER_OUT_OF_RANGE', 'The invoice number is outside the authorized range.', [
      {
        path: 'number',
        message: `must be between ${resolution.from} and ${resolution.to} for prefix "${resolution.prefix}"`,
      },
    ]);
  }
  if (issueDate < resolution.startDate || issueDate > resolution.endDate) {
    return failure('NUMBER_OUT_OF_RANGE', 'The numbering resolution is not valid on the issue date.', [
      {
        path: 'number',
        message: `resolution ${resolution.authorizationNumber} is valid from ${resolution.startDate} to ${resolution.endDate}`,
      },
    ]);
  }
  return { ok: true, value: documentId(resolution.prefix, number) };
}

/** cbc:ID: prefix and consecutive, letters and digits only (FAD05a). Leading zeros are not written. */
export const documentId = (prefix: string, number: string): string => `${prefix}${BigInt(number).toString()}`;

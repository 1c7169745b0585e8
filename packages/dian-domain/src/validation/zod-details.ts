import type { ErrorDetail } from '@fe/contracts';
import type { z } from 'zod';

/** A schema's failures as error details, one per field; an unknown field is named itself. */
export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String);
    // An unknown field is named itself, so a typo ("due_dat") points at the field to fix.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key].join('.'), message: 'unknown field' }));
    }
    return [{ path: path.join('.'), message: issue.message }];
  });
}

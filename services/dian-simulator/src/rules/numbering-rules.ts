import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';

/** Numbering range and authorization (reference §7.2). */
export const checkNumbering: RuleGroupCheck = ({ view, range }) => {
  const failures: RuleCode[] = [];
  const control = view.control;
  const id = view.id ?? '';
  if (!/^[A-Za-z0-9]{1,20}$/.test(id)) failures.push('FAD05a');
  if (!control.authorization) return [...failures, 'FAB05a'];
  if (!range || control.authorization !== range.authorizationNumber) return [...failures, 'FAB05b'];
  if (control.startDate !== range.startDate) failures.push('FAB07b');
  if (control.endDate !== range.endDate) failures.push('FAB08b');
  if ((control.prefix ?? '') !== (view.supplier.registrationPrefix ?? '')) failures.push('FAB10a');
  if ((control.prefix ?? '') !== range.prefix) failures.push('FAB10b');
  if (!control.from) failures.push('FAB11a');
  else if (control.from !== range.from) failures.push('FAB11b');
  if (!control.to) failures.push('FAB12a');
  else if (control.to !== range.to) failures.push('FAB12b');

  // The number is what follows the document's own prefix (a prefix other than the authorization's
  // is FAB10b alone). An ID without that prefix, or whose rest is not a consecutive, names no
  // number of this authorization at all (FAD05e); a consecutive outside the range is FAD05c/d.
  const prefix = control.prefix ?? '';
  const number = id.startsWith(prefix) ? id.slice(prefix.length) : undefined;
  if (number !== undefined && /^\d{1,18}$/.test(number)) {
    const n = BigInt(number);
    if (n > BigInt(range.to)) failures.push('FAD05c');
    else if (n < BigInt(range.from)) failures.push('FAD05d');
  } else if (!failures.includes('FAD05a')) failures.push('FAD05e');

  const issued = view.issueDate ?? '';
  if (issued < range.startDate) failures.push('FAD09a');
  if (issued > range.endDate) failures.push('FAD09b');
  return failures;
};

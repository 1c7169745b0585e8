import type { ReceivedInvoiceImportedV1 } from '@fe/contracts';
import type { ReceivedInvoiceState } from '../stream/received-invoice-state.ts';

export type ImportDecision = { action: 'record' } | { action: 'none'; reason: 'already_imported' };

/**
 * Whether a checked file is recorded (pure): the first of its CUFE is; a later one only when the first failed its
 * checks and this one passes (a supplier's corrected mail, or a forgery that came first), so importing the same
 * document twice leaves one received invoice.
 */
export function decideImport(
  checked: Pick<ReceivedInvoiceImportedV1['data'], 'checks_passed'>,
  state: ReceivedInvoiceState,
): ImportDecision {
  if (!state.imported) return { action: 'record' };
  if (!state.imported.data.checks_passed && checked.checks_passed) return { action: 'record' };
  return { action: 'none', reason: 'already_imported' };
}

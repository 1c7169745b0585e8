import type { AuditFinding } from '@fe/platform';

/**
 * Numbers of one tenant and prefix that were never used between the lowest and the highest used
 * one. Every allocated number is a stream created with its InvoiceRequested (ingress's allocator),
 * a rejected invoice included, and so is every note's number with its CreditNoteRequested or
 * DebitNoteRequested (its own series, NC/ND by default: docs/notes.md, "Numbering"), so nothing in
 * this system explains a missing one.
 *
 *   numberingGaps([{ tenantId: 'demo', prefix: 'SETP', number: 990000001n }, …])
 */
export function numberingGaps(used: readonly { tenantId: string; prefix: string; number: bigint }[]): AuditFinding[] {
  const byRange = new Map<string, bigint[]>();
  for (const u of used) {
    const key = `${u.tenantId} ${u.prefix}`;
    byRange.set(key, [...(byRange.get(key) ?? []), u.number]);
  }
  const findings: AuditFinding[] = [];
  for (const [range, numbers] of [...byRange].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...new Set(numbers)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 1; i < sorted.length; i++) {
      const [before, after] = [sorted[i - 1]!, sorted[i]!];
      if (after - before > 1n) {
        const missing = after - before === 2n ? `${before + 1n}` : `${before + 1n}–${after - 1n}`;
        findings.push({ code: 'NUMBERING_GAP', subject: `tenant ${range.replace(' ', ', prefix ')}`, detail: `no document with number ${missing}` });
      }
    }
  }
  return findings;
}

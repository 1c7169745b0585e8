import type { AuditFinding } from '@fe/platform';

/**
 * Numbers never used between a tenant prefix's lowest and highest: every allocated number, rejected ones
 * included, is a stream, so nothing in this system explains a missing one.
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
        findings.push({
          code: 'NUMBERING_GAP',
          subject: `tenant ${range.replace(' ', ', prefix ')}`,
          detail: `no document with number ${missing}`,
        });
      }
    }
  }
  return findings;
}

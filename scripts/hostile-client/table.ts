// The run's verdict as a table: per probe family, sent / refused (status code: count) / 5xx / stuck / leaked /
// wrong, then a total line, then what each family noted.
import type { Tally } from './tally.ts';

export function table(tallies: Tally[]): string {
  const rows = tallies.map((t) => [
    t.family,
    String(t.sent),
    [...t.refused].map(([k, n]) => `${k}×${n}`).join(', ') || '-',
    String(t.fiveXx),
    String(t.stuck),
    String(t.leaked),
    String(t.wrong),
  ]);
  const sum = (pick: (t: Tally) => number) => String(tallies.reduce((s, t) => s + pick(t), 0));
  const refusedTotal = sum((t) => [...t.refused.values()].reduce((s, n) => s + n, 0));
  rows.push([
    'total',
    sum((t) => t.sent),
    refusedTotal,
    sum((t) => t.fiveXx),
    sum((t) => t.stuck),
    sum((t) => t.leaked),
    sum((t) => t.wrong),
  ]);
  const head = ['probe', 'sent', 'refused (status code×n)', '5xx', 'stuck', 'leaked', 'wrong'];
  const widths = head.map((h, i) => Math.min(i === 2 ? 70 : 30, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 2 && c.length > widths[i]! ? `${c.slice(0, widths[i]! - 1)}…` : c.padEnd(widths[i]!)))
      .join(' | ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line), ''];
  for (const t of tallies) for (const note of t.notes) out.push(`${t.family}: ${note}`);
  return out.join('\n');
}

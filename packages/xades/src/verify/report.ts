/** One line of `fe verify`'s report: ok true/false, or null when the check was not asked for. */
export type Check = { name: string; ok: boolean | null; detail: string };

export type VerificationReport = { valid: boolean; checks: Check[] };

export function formatReport(report: VerificationReport): string {
  const mark = (ok: boolean | null) => (ok === null ? 'SKIP' : ok ? 'OK  ' : 'FAIL');
  const lines = report.checks.map((c) => `${mark(c.ok)} ${c.name}: ${c.detail}`);
  return `${lines.join('\n')}\n${report.valid ? 'VALID' : 'INVALID'}\n`;
}

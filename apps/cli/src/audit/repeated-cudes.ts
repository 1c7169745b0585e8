import type { AuditFinding } from '@fe/platform';

/**
 * RADIAN event CUDEs recorded more than once, on one invoice or on two: the submitter records an event once by its
 * CUDE, and a CUDE names one event of one invoice.
 */
export function repeatedCudes(recorded: readonly { stream: string; cude: string }[]): AuditFinding[] {
  const where = new Map<string, string[]>();
  for (const { stream, cude } of recorded) where.set(cude, [...(where.get(cude) ?? []), stream]);
  return [...where]
    .filter(([, streams]) => streams.length > 1)
    .map(([cude, streams]) => ({
      code: 'RADIAN_EVENT_DUPLICATE',
      subject: streams[0]!,
      detail: `CUDE ${cude.slice(0, 16)}… recorded ${streams.length} times (${[...new Set(streams)].join(', ')})`,
    }));
}

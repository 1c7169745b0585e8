import type { RadianEventRegistration } from '@fe/contracts';
import { tacitAcceptanceAvailableFrom } from '@fe/dian-domain';
import type { AuditFinding } from '@fe/platform';

/** What the order is read from: an issued invoice's RADIAN event, or a buyer's event on a received invoice. */
type OrderedEvent = Pick<RadianEventRegistration, 'code' | 'event_id' | 'cude' | 'issue_date' | 'issue_time'>;

/** What an event needs recorded and issued before it: all of `all`, one of `any` (docs/radian.md). */
const NEEDS: Partial<Record<string, { all?: readonly string[]; any?: readonly string[] }>> = {
  '032': { all: ['030'] },
  '031': { all: ['032'] },
  '033': { all: ['032'] },
  '034': { all: ['032'] },
  '036': { any: ['033', '034'] },
  '037': { all: ['036'] },
};
/** A claim and an acceptance (express or tacit) exclude each other, and the two acceptances too. */
const EXCLUDES: Partial<Record<string, readonly string[]>> = {
  '031': ['033', '034'],
  '033': ['031', '034'],
  '034': ['031', '033'],
};

/**
 * Each RADIAN event of one invoice in its place (the rules DIAN applies when it registers them): what it needs was
 * issued no later (an earlier day; the same day, earlier or recorded first), nothing it excludes was recorded before
 * it, a 034 not before the tacit acceptance's first day, and no code but 037 (each holder endorses in turn) twice.
 */
export function radianOrderFindings(stream: string, events: readonly OrderedEvent[]): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const say = (code: AuditFinding['code'], e: OrderedEvent, detail: string) =>
    findings.push({ code, subject: stream, detail: `event ${e.code} ${e.event_id}: ${detail}` });
  events.forEach((event, index) => {
    const needs = NEEDS[event.code];
    // The same day, its place on the stream counts too: a listed event without a time is recorded at 00:00.
    const before = (code: string) =>
      events.some(
        (e, at) =>
          e.code === code &&
          e.cude !== event.cude &&
          (e.issue_date < event.issue_date ||
            (e.issue_date === event.issue_date && (issuedAt(e) <= issuedAt(event) || at < index))),
      );
    const missing = [
      ...(needs?.all ?? []).filter((c) => !before(c)),
      ...(needs?.any?.some(before) === false ? [needs.any.join(' or ')] : []),
    ];
    if (missing.length) say('RADIAN_EVENT_OUT_OF_ORDER', event, `no ${missing.join(', ')} issued before it`);
    const earlier = events.slice(0, index);
    const excluded = (EXCLUDES[event.code] ?? []).filter((c) => earlier.some((e) => e.code === c));
    if (excluded.length)
      say('RADIAN_EVENT_OUT_OF_ORDER', event, `recorded after ${excluded.join(', ')}, which it excludes`);
    const receipt = events.find((e) => e.code === '032');
    const from = receipt && event.code === '034' ? firstTacitDay(receipt.issue_date) : undefined;
    if (from !== undefined && event.issue_date < from)
      say(
        'RADIAN_EVENT_OUT_OF_ORDER',
        event,
        `issued ${event.issue_date}, before ${from}, the first day after the receipt's three business days`,
      );
    if (event.code !== '037' && earlier.some((e) => e.code === event.code && e.cude !== event.cude))
      say('RADIAN_EVENT_DUPLICATE', event, `a second ${event.code} on the invoice (it registers once)`);
  });
  return findings;
}

/** The event's issue instant in ms; a time without an offset is Colombian (-05:00), as RADIAN writes them. */
function issuedAt(e: OrderedEvent): number {
  const time = /(Z|[+-]\d{2}:\d{2})$/.test(e.issue_time) ? e.issue_time : `${e.issue_time}-05:00`;
  const at = Date.parse(`${e.issue_date}T${time}`);
  return Number.isNaN(at) ? Date.parse(`${e.issue_date}T00:00:00-05:00`) : at;
}

/** undefined for a receipt the calendar does not cover (outside 1984–2199): nothing to compare with. */
function firstTacitDay(receipt: string): string | undefined {
  try {
    return tacitAcceptanceAvailableFrom(receipt);
  } catch {
    return undefined;
  }
}

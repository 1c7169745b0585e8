import { tacitAcceptanceAvailableFrom } from '@fe/dian-domain/primitives';
import type { RuleCode } from '../rules/catalogue.ts';
import type { RegisteredEvent } from '../store/store.ts';

/** The events an event needs first: all of them, or one of them for 036 (an accepted invoice). */
const NEEDS: ReadonlyMap<string, { all?: readonly string[]; any?: readonly string[] }> = new Map([
  ['032', { all: ['030'] }],
  ['031', { all: ['032'] }],
  ['033', { all: ['032'] }],
  ['034', { all: ['032'] }],
  ['036', { any: ['033', '034'] }],
  ['037', { all: ['036'] }],
]);
/** A claim and an acceptance (express or tacit) exclude each other, and the two acceptances too. */
const EXCLUDED_BY: ReadonlyMap<string, readonly string[]> = new Map([
  ['031', ['033', '034']],
  ['033', ['031', '034']],
  ['034', ['031', '033']],
]);

export type EventTiming = {
  /** The Colombian date of the event's SigningTime (its IssueDate when the signature has none). */
  signedOn: string | undefined;
  /** The simulator's notion of today (a Colombian date): the day of reception unless a test moved it. */
  today: string;
};

/**
 * The order of a sequence (SIM-EV07 an event missing before it, SIM-EV08 one that excludes it), the three business
 * days after the receipt (032) that DIAN checks on the signing time (DC24c: an express acceptance within them, DC24e:
 * a tacit one only after them, and not received before either), and an event already registered (AAH09; a 037 may
 * follow a 037, each holder endorsing in turn).
 */
export function checkEventOrder(code: string, events: readonly RegisteredEvent[], timing: EventTiming): RuleCode[] {
  const failures: RuleCode[] = [];
  const has = (c: string) => events.some((e) => e.code === c);
  const needs = NEEDS.get(code);
  if (needs && !((needs.all ?? []).every(has) && (needs.any === undefined || needs.any.some(has))))
    failures.push('SIM-EV07');
  if ((EXCLUDED_BY.get(code) ?? []).some(has)) failures.push('SIM-EV08');
  const receipt = events.find((e) => e.code === '032')?.issueDate;
  // The first day a tacit acceptance may be issued is the first day an express one is late.
  const windowEnd = receipt === undefined ? undefined : tacitAcceptanceDay(receipt);
  if (windowEnd !== undefined) {
    const signedOn = timing.signedOn ?? '';
    if (code === '033' && signedOn >= windowEnd) failures.push('DC24c');
    if (code === '034' && (signedOn < windowEnd || timing.today < windowEnd)) failures.push('DC24e');
  }
  if (code !== '037' && has(code)) failures.push('AAH09');
  return failures;
}

/** undefined for a date the calendar does not cover (a 032 dated outside 1984–2199 has no window to wait for). */
function tacitAcceptanceDay(receipt: string): string | undefined {
  try {
    return tacitAcceptanceAvailableFrom(receipt);
  } catch {
    return undefined;
  }
}

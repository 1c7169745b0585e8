/**
 * Where an invoice's time goes, from its events' recorded instants: each gap is one service's work plus the hop
 * that brought it the event. Pure, so tested.
 */
import { percentile } from './http-load.ts';

/**
 * The steps of an accepted invoice, in flow order; `answered` is the POST's answer reaching the client, which does
 * not wait for the buyer's mail.
 */
const invoiceSteps = [
  'InvoiceRequested',
  'InvoiceSigned',
  'InvoiceSubmitted',
  'InvoiceAccepted',
  'InvoiceRendered',
  'answered',
  'BuyerNotified',
] as const;

export type StepEvent = { stream: string; type: string; recordedAt: string; cufe?: string };

/** Step → epoch ms, one per invoice. */
export type Timeline = Map<string, number>;

/**
 * One timeline per invoice whose InvoiceRequested was recorded at `since` or later (the burst's,
 * not the warm-up's), each step at its first recording; `answeredAt` (by cufe) adds the answer.
 */
export function timelines(
  events: readonly StepEvent[],
  since: number,
  answeredAt: ReadonlyMap<string, number> = new Map(),
): Timeline[] {
  const byStream = new Map<string, Timeline>();
  const cufes = new Map<string, string>();
  for (const event of events) {
    const at = Date.parse(event.recordedAt);
    const line = byStream.get(event.stream) ?? new Map<string, number>();
    byStream.set(event.stream, line);
    if (!line.has(event.type) || at < line.get(event.type)!) line.set(event.type, at);
    if (event.cufe) cufes.set(event.stream, event.cufe);
  }
  const chosen: Timeline[] = [];
  for (const [stream, line] of byStream) {
    const requested = line.get('InvoiceRequested');
    if (requested === undefined || requested < since) continue;
    const answered = answeredAt.get(cufes.get(stream) ?? '');
    if (answered !== undefined) line.set('answered', answered);
    chosen.push(line);
  }
  return chosen;
}

export type Gap = { from: string; to: string; count: number; p50: number; p90: number };

/** For each pair of consecutive steps both present in a timeline: how many, and p50 / p90 of the gap in ms. */
export function stageGaps(lines: readonly Timeline[], steps: readonly string[] = invoiceSteps): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 0; i + 1 < steps.length; i++) {
    const [from, to] = [steps[i]!, steps[i + 1]!];
    const values = lines.filter((l) => l.has(from) && l.has(to)).map((l) => l.get(to)! - l.get(from)!);
    if (values.length)
      gaps.push({ from, to, count: values.length, p50: percentile(values, 50), p90: percentile(values, 90) });
  }
  return gaps;
}

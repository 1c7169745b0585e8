import type { RadianEventRegistration } from '@fe/contracts';
import { isRadianEventCode, radianEvents } from '@fe/dian-domain';
import type { RegisteredEventEntry } from '@fe/dian-xml';
import { isOwnEvent } from '../own-events/own-event-content.ts';

/**
 * One event of DIAN's GetStatusEvent list as the invoice's stream records it (pure), or the reason it cannot be:
 * an entry without a CUDE, a code the service does not follow, a date it cannot read. A 034, 036 or 037 with the number
 * this service gives it on `invoiceNumber` (own-event-content.ts) is the seller's own, sent by this service even when
 * its answer was lost.
 */
export function registrationOf(
  entry: RegisteredEventEntry,
  invoiceNumber: string,
): { ok: true; data: RadianEventRegistration } | { ok: false; why: string } {
  const code = entry.eventCode;
  if (code === undefined || !isRadianEventCode(code)) return { ok: false, why: `event code ${code ?? 'absent'}` };
  const cude = entry.cude?.trim().toLowerCase();
  if (!cude || !/^[0-9a-f]{96}$/.test(cude)) return { ok: false, why: 'no CUDE' };
  const issueDate = entry.issueDate?.trim();
  if (!issueDate || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) return { ok: false, why: 'no issue date' };
  const issueTime = entry.issueTime?.trim();
  const reason = entry.claimReason?.code?.trim();
  const registeredAt = registeredInstant(entry.registeredDate, entry.registeredTime);
  const id = entry.id?.trim() || cude.slice(0, 16);
  return {
    ok: true,
    data: {
      code,
      name: entry.description?.trim() || radianEvents[code].name,
      event_id: id,
      cude,
      issue_date: issueDate,
      issue_time: issueTime && TIME.test(issueTime) ? issueTime : '00:00:00-05:00',
      sender: {
        nit: entry.sender.id?.trim() || 'desconocido',
        ...(entry.sender.name ? { name: entry.sender.name.trim() } : {}),
      },
      ...(code === '031' && reason && CLAIM_REASONS.has(reason)
        ? {
            claim: {
              reason: reason as '01' | '02' | '03' | '04',
              ...(entry.claimReason?.name ? { text: entry.claimReason.name } : {}),
            },
          }
        : {}),
      ...(registeredAt ? { registered_at: registeredAt } : {}),
      issued_by_us: isOwnEvent(code, id, invoiceNumber),
    },
  };
}

const TIME = /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const CLAIM_REASONS = new Set(['01', '02', '03', '04']);

/** EffectiveDate + EffectiveTime as an ISO instant; a time without an offset is UTC, as the simulator writes it. */
function registeredInstant(date: string | undefined, time: string | undefined): string | undefined {
  if (!date || !time || !/^\d{4}-\d{2}-\d{2}$/.test(date.trim()) || !TIME.test(time.trim())) return undefined;
  const t = time.trim();
  const iso = `${date.trim()}T${/(Z|[+-]\d{2}:\d{2})$/.test(t) ? t : `${t}Z`}`;
  return Number.isNaN(Date.parse(iso)) ? undefined : new Date(Date.parse(iso)).toISOString();
}

import { readApplicationResponse } from '@fe/dian-xml';

/** Where DIAN's ApplicationResponse of a document is kept (the AttachedDocument embeds it later). */
export const applicationResponseKey = (tenantId: string, documentId: string): string =>
  `${tenantId}/${documentId}.application-response.xml`;

/**
 * When DIAN validated the document, as its ApplicationResponse states it (cbc:IssueDate and
 * cbc:IssueTime of the root, e.g. `2026-11-22` + `03:40:12+00:00`). A reconciliation learns the
 * verdict long after the validation, so the AR's instant is the truthful `validated_at`; undefined
 * when there is no AR or it does not say (the caller then uses the instant of the answer).
 */
export function applicationResponseInstant(xml: string | undefined): string | undefined {
  if (!xml) return undefined;
  let date: string | undefined;
  let time: string | undefined;
  try {
    ({ issueDate: date, issueTime: time } = readApplicationResponse(xml));
  } catch {
    return undefined; // not well-formed, or not an ApplicationResponse
  }
  if (!date || !time || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  // DIAN writes the offset (-05:00 or +00:00); a time without one is read as Colombian time.
  const withOffset = /(Z|[+-]\d{2}:\d{2})$/.test(time) ? time : `${time}-05:00`;
  const instant = `${date}T${withOffset}`;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(instant) &&
    !Number.isNaN(Date.parse(instant))
    ? instant
    : undefined;
}

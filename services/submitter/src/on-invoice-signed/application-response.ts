
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
  // No DOM: UBL's element order puts the root's IssueDate and IssueTime before any nested
  // element that has one (DocumentResponse comes after), and the extensions hold none; so the
  // first occurrences, with any prefix, are the root's. Parsing the AR with xmldom cost ~0.3 ms.
  if (!/^(?:<\?xml[^>]*\?>\s*)?<(?:[\w-]+:)?ApplicationResponse[\s>]/.test(xml.trimStart())) return undefined;
  const date = /<((?:[\w-]+:)?)IssueDate>([^<]*)<\/\1IssueDate>/.exec(xml)?.[2]?.trim();
  const time = /<((?:[\w-]+:)?)IssueTime>([^<]*)<\/\1IssueTime>/.exec(xml)?.[2]?.trim();
  if (!date || !time || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  // DIAN writes the offset (-05:00 or +00:00); a time without one is read as Colombian time.
  const withOffset = /(Z|[+-]\d{2}:\d{2})$/.test(time) ? time : `${time}-05:00`;
  const instant = `${date}T${withOffset}`;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(instant) && !Number.isNaN(Date.parse(instant))
    ? instant
    : undefined;
}

import type { RuleCode } from './catalogue.ts';
import { colombiaDate } from './colombia-date.ts';
import type { RuleGroupCheck } from './context.ts';

const DAY = 86_400_000;

/** The window a contingency invoice (type 04) is commonly said to have to reach DIAN (reference §10.3). */
const CONTINGENCY_WINDOW_MS = 48 * 3_600_000;

/**
 * SIM-CONT01 (a notification): a type-04 invoice received more than 48 h after its IssueDate/IssueTime. DIAN's answer
 * to a late one is not published; refusing it would leave an issued sale undocumented (docs/contingency.md).
 */
export const checkContingencyWindow: RuleGroupCheck = ({ view, receivedAt }) => {
  if (view.invoiceTypeCode !== '04') return [];
  const issued = Date.parse(`${view.issueDate ?? ''}T${view.issueTime ?? ''}`);
  return Number.isFinite(issued) && receivedAt.getTime() - issued > CONTINGENCY_WINDOW_MS ? ['SIM-CONT01'] : [];
};

/**
 * The issue-date window: DIAN receives documents issued shortly before reception (the reference
 * does not give the rule's code or limits; default 10 days back, none ahead, in Colombian dates).
 */
export const checkIssueDateWindow: RuleGroupCheck = ({ view, config, receivedAt }) => {
  const failures: RuleCode[] = [];
  const issued = view.issueDate ?? '';
  const latest = colombiaDate(receivedAt.getTime() + config.issueDateWindow.futureDays * DAY);
  const earliest = colombiaDate(receivedAt.getTime() - config.issueDateWindow.pastDays * DAY);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issued) || issued > latest) failures.push('SIM-FEC01');
  else if (issued < earliest) failures.push('SIM-FEC02');
  return failures;
};

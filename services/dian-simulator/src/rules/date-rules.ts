import type { RuleCode } from './catalogue.ts';
import { colombiaDate } from './colombia-date.ts';
import type { RuleGroupCheck } from './context.ts';

const DAY = 86_400_000;

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

import type { RuleCode } from './catalogue.ts';
import { colombiaDateTime } from '@fe/dian-domain';
import type { RuleGroupCheck } from './context.ts';

const DAY = 86_400_000;

/**
 * The issue-date window: DIAN receives documents issued shortly before reception (the reference
 * does not give the rule's code or limits; default 10 days back, none ahead, in Colombian dates).
 */
export const checkIssueDateWindow: RuleGroupCheck = ({ view, config, receivedAt }) => {
  const failures: RuleCode[] = [];
  const issued = view.issueDate ?? '';
  const latest = colombiaDateTime(new Date(receivedAt.getTime() + config.issueDateWindow.futureDays * DAY)).date;
  const earliest = colombiaDateTime(new Date(receivedAt.getTime() - config.issueDateWindow.pastDays * DAY)).date;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issued) || issued > latest) failures.push('SIM-FEC01');
  else if (issued < earliest) failures.push('SIM-FEC02');
  return failures;
};

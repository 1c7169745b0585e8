import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';

/** Dates a document owes when it says more (reference §7.3): delivery date (FAM02a), credit due date (FAN04). */
export const checkDeliveryAndPayment: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  if (view.deliveryWithoutDate) failures.push('FAM02a');
  if (view.paymentMeans.some((p) => p.id === '2' && !p.dueDate)) failures.push('FAN04');
  return failures;
};

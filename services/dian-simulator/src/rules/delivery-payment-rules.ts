import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';

/**
 * Dates a document owes when it says more (reference §7.3): a cac:Delivery needs its
 * ActualDeliveryDate (FAM02a: the delivery starts the tacit-acceptance clock), and a credit
 * payment (PaymentMeans ID 2) its PaymentDueDate (FAN04).
 */
export const checkDeliveryAndPayment: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  if (view.deliveryWithoutDate) failures.push('FAM02a');
  if (view.paymentMeans.some((p) => p.id === '2' && !p.dueDate)) failures.push('FAN04');
  return failures;
};

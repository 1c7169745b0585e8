import type { XmlWriter } from './xml-writer.ts';

/** cac:PaymentMeans (annex §3.6): ID 2 crédito when there is a due date, 1 contado otherwise. */
export function writePaymentMeans(w: XmlWriter, payment: { methodCode: string; dueDate?: string }): void {
  w.open('cac:PaymentMeans');
  w.leaf('cbc:ID', payment.dueDate ? '2' : '1');
  w.leaf('cbc:PaymentMeansCode', payment.methodCode);
  if (payment.dueDate) w.leaf('cbc:PaymentDueDate', payment.dueDate);
  w.close();
}

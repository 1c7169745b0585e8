import { hash } from 'node:crypto';
import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import { isTwoDecimals } from './money.ts';

const sha384 = (text: string) => hash('sha384', text, 'hex');

/**
 * CUFE/CUDE, software and SoftwareSecurityCode, computed with the annex formulas rather than the product's
 * dian-domain: a shared bug would otherwise agree with itself.
 */
export const checkCufeAndSoftware: RuleGroupCheck = ({ view, config, software, range }) => {
  const failures: RuleCode[] = [];
  const invoice = view.kind === 'invoice';
  if (view.uuid.schemeName !== (invoice ? 'CUFE-SHA384' : 'CUDE-SHA384')) failures.push('FAD08');
  const environment = software?.environment ?? config.environment;
  if (view.uuid.schemeId !== environment || view.profileExecutionId !== environment) failures.push('FAD07');
  const key = invoice ? range?.technicalKey : software?.pin;
  if (key === undefined || view.uuid.value !== expectedCufe(view, key)) failures.push('FAD06');
  if (!view.softwareId) failures.push('FAB24a');
  else if (!software) failures.push('FAB24b');
  if (!view.softwareSecurityCode) failures.push('FAB27a');
  else if (software && view.softwareSecurityCode !== sha384(software.id + software.pin + (view.id ?? '')))
    failures.push('FAB27b');
  return failures;
};

type View = Parameters<RuleGroupCheck>[0]['view'];
/** `key`: the ClTec for a CUFE, the software PIN for a CUDE. */
function expectedCufe(view: View, key: string): string | undefined {
  const tax = (scheme: string) => {
    const total = view.taxTotals.find((t) => t.subtotals.some((s) => s.scheme === scheme));
    return total ? total.amount : '0.00';
  };
  const amounts = [view.totals.lineExtension, tax('01'), tax('04'), tax('03'), view.totals.payable];
  if (!amounts.every(isTwoDecimals)) return undefined;
  const [valFac, valIva, valInc, valIca, valTot] = amounts as string[];
  return sha384(
    `${view.id}${view.issueDate}${view.issueTime}${valFac}01${valIva}04${valInc}03${valIca}${valTot}` +
      `${view.supplier.companyId.value}${view.customer.companyId.value}${key}${view.profileExecutionId}`,
  );
}

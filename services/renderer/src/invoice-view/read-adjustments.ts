import { children, ownText as text, type XmlElement as XmlNode } from '@fe/dian-xml';
import type { AdjustmentView } from './invoice-view.ts';
import { required } from './document-root.ts';

/** The cac:AllowanceCharge elements directly under the node (a line, or the document). */
export function readAdjustments(node: XmlNode | undefined): AdjustmentView[] {
  return children(node, 'AllowanceCharge').map((ac) => {
    const reasonCode = text(ac, 'AllowanceChargeReasonCode');
    const percent = text(ac, 'MultiplierFactorNumeric');
    const base = text(ac, 'BaseAmount');
    return {
      charge: text(ac, 'ChargeIndicator') === 'true',
      ...(reasonCode !== undefined ? { reasonCode } : {}),
      reason: text(ac, 'AllowanceChargeReason') ?? '',
      ...(percent !== undefined ? { percent } : {}),
      ...(base !== undefined ? { base } : {}),
      amount: required(text(ac, 'Amount'), 'discount or charge amount'),
    };
  });
}

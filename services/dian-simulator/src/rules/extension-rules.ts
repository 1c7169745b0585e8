import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import { dv } from './party-rules.ts';

/** DIAN's own NIT and DV, the only authorization provider there is (reference §4.1). */
const DIAN_NIT = '800197268';
const DIAN_DV = '4';

/** The rest of sts:DianExtensions (reference §4.1–4.2): provider, authorization provider, QRCode. */
export const checkDianExtension: RuleGroupCheck = ({ view, software }) => {
  const failures: RuleCode[] = [];
  const provider = view.softwareProvider;
  if (!provider.value) failures.push('FAB19a');
  else if (software && provider.value !== software.providerNit) failures.push('FAB19b');
  else if (!provider.schemeId) failures.push('FAB22a');
  else if (String(dv(provider.value)) !== provider.schemeId) failures.push('FAB22b');
  if (view.authorizationProvider.value !== DIAN_NIT || view.authorizationProvider.schemeId !== DIAN_DV)
    failures.push('FAB34');
  if (view.dianExtensionCount > 1) failures.push('FAB03');
  if (!view.qrCode || !view.uuid.value || !view.qrCode.includes(view.uuid.value)) failures.push('FAB36');
  return failures;
};

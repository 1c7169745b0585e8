import type { SimulatorConfig, SimulatorIssuer, SimulatorRange, SimulatorSoftware } from '../config.ts';
import type { IssuerSource } from '../registry/issuer-registry.ts';
import type { RuleCode } from './catalogue.ts';
import type { InvoiceView } from './invoice-view.ts';

/** What every rule group sees: the document, the registry lookups for its issuer, and the reception instant. */
export type RuleContext = {
  view: InvoiceView;
  config: SimulatorConfig;
  issuer: SimulatorIssuer | undefined;
  software: SimulatorSoftware | undefined;
  /** The issuer's range for the document's prefix (or its only range), if any. */
  range: SimulatorRange | undefined;
  receivedAt: Date;
};

export type RuleGroupCheck = (context: RuleContext) => RuleCode[];

export function ruleContext(
  view: InvoiceView,
  config: SimulatorConfig,
  issuers: IssuerSource,
  receivedAt: Date,
): RuleContext {
  const nit = view.supplier.companyId.value;
  const issuer = nit === undefined ? undefined : issuers(nit);
  const software = issuer?.software.find((s) => s.id === view.softwareId);
  const range =
    issuer?.ranges.find(
      (r) => r.prefix === (view.control.prefix ?? '') && r.authorizationNumber === view.control.authorization,
    ) ??
    issuer?.ranges.find((r) => r.authorizationNumber === view.control.authorization) ??
    issuer?.ranges.find((r) => r.prefix === (view.control.prefix ?? ''));
  return { view, config, issuer, software, range, receivedAt };
}

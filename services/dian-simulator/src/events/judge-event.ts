import type { SimulatorConfig } from '../config.ts';
import type { IssuerSource } from '../registry/issuer-registry.ts';
import { rule, type RuleCode, type RuleDefinition } from '../rules/catalogue.ts';
import { colombiaDate } from '../rules/colombia-date.ts';
import { checkFileNames } from '../rules/file-name-rules.ts';
import { ubl } from '../rules/invoice-view.ts';
import type { InvoiceFacts, SimulatorStore } from '../store/store.ts';
import type { SchemaCheck } from '../validate/schema-check.ts';
import { certificateBelongsTo } from '../verify/certificate-owner.ts';
import type { TrustStore } from '../verify/trust-store.ts';
import { verifyXades } from '../verify/xades.ts';
import { parseLightXml, type XmlDocument } from '../xml/light-xml.ts';
import { isSupportedEvent } from './event-codes.ts';
import { checkEventDocument } from './event-document-rules.ts';
import { checkEventOrder } from './event-order-rules.ts';
import { checkEventParties } from './event-party-rules.ts';
import { readEventView, type EventView } from './event-view.ts';
import { checkTitleValue } from './title-value-rules.ts';

export type EventDeps = {
  config: SimulatorConfig;
  /** Trusts what DIAN trusts, and the certificates of the buyers the simulator plays (played-buyers.ts). */
  trust: TrustStore;
  store: SimulatorStore;
  /** A sender's registration by NIT: DIAN's registry of issuers and the buyers the simulator plays. */
  senders: IssuerSource;
  /** The schema check the simulator started with; undefined when schemaValidation is off. */
  schema: SchemaCheck | undefined;
};

export type EventVerdict = {
  accepted: boolean;
  /** In check order. */
  findings: RuleDefinition[];
  view: EventView | undefined;
  /** The invoice the event is about, when it is one the simulator accepted. */
  invoice: InvoiceFacts | undefined;
};

/**
 * One RADIAN event through every rule (docs/dian-simulator-rules.md, "RADIAN events"): the schema first (DIAN stops
 * there), a CUDE already registered alone (rule 90, as DIAN answers a resend), then the signature, the document, the
 * invoice, who sends it, its order and timing, and duplicates, all at once.
 */
export function judgeEvent(
  xml: string,
  at: { receivedAt: Date; today: string; receivedAs?: string },
  deps: EventDeps,
): EventVerdict {
  let document: XmlDocument;
  try {
    document = parseLightXml(xml);
  } catch {
    return verdict(['ZB01']);
  }
  const root = document.root;
  if (root.local !== 'ApplicationResponse' || root.ns !== ubl.applicationResponse) return verdict(['ZB01']);
  if (deps.schema && !deps.schema(xml, 'event').valid) return verdict(['ZB01']);
  const view = readEventView(root);
  if (view.uuid.value && deps.store.isAccepted(view.uuid.value)) return verdict(['90'], view);

  const codes: RuleCode[] = [];
  const xades = verifyXades(document, deps.trust);
  codes.push(...xades.failures);
  const signedAt = xades.signingTime ? Date.parse(xades.signingTime) : NaN;
  const signedOn = Number.isNaN(signedAt) ? undefined : colombiaDate(signedAt);
  if (signedOn !== undefined && signedOn !== view.issueDate) codes.push('AAD09e');

  const sender = view.sender.id === undefined ? undefined : deps.senders(view.sender.id);
  const software = sender?.software.find((s) => s.id === view.softwareId);
  // ZE03: the certificate names the sender's NIT, or the provider's its software is registered to.
  const owners = [view.sender.id, software?.providerNit ?? view.providerId];
  if (xades.certificate && !certificateBelongsTo(xades.certificate, owners)) codes.push('ZE03');
  codes.push(...checkEventDocument(view, deps.config, software));
  // SendEventUpdateStatus carries no zip name: the XML's alone is judged.
  if (at.receivedAs !== undefined)
    codes.push(...checkFileNames({ zip: undefined, xml: at.receivedAs }, 'ar', view.sender.id));

  const invoiceCufe = view.reference.uuid;
  const accepted = invoiceCufe === undefined ? undefined : deps.store.acceptedDocument(invoiceCufe);
  const invoice =
    accepted?.kind === 'invoice' && accepted.invoice?.number === view.reference.id && view.reference.typeCode === '01'
      ? accepted.invoice
      : undefined;
  if (!invoice) codes.push('SIM-EV04');
  else if (isSupportedEvent(view.code)) {
    const events = deps.store.eventsOf(invoiceCufe!);
    codes.push(...checkEventParties(view, invoice, events));
    codes.push(...checkEventOrder(view.code, events, { signedOn: signedOn ?? view.issueDate, today: at.today }));
    codes.push(...checkTitleValue(view, invoice));
  }
  if (view.sender.id && view.code && view.id && deps.store.eventIdUsed(view.sender.id, view.code, view.id))
    codes.push('AAD05');
  return verdict(codes, view, invoice);
}

function verdict(codes: RuleCode[], view?: EventView, invoice?: InvoiceFacts): EventVerdict {
  const findings = codes.map(rule);
  return { accepted: findings.every((f) => f.effect !== 'R'), findings, view, invoice };
}

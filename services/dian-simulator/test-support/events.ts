// Signed RADIAN events for the simulator's tests: built by @fe/dian-domain for an invoice the test had accepted,
// signed by @fe/xades with the sender's certificate, and the same with exactly one thing broken.
import {
  buildEventApplicationResponse,
  demoSoftware,
  demoTenant,
  dianEventReceiver,
  tacitAcceptanceStatement,
  type EventContent,
  type EventParty,
  type SoftwareRegistration,
} from '@fe/dian-domain';
import { createXadesSigner, type SigningCredential } from '@fe/xades';
import type { SimulatorIssuer } from '../src/index.ts';

/** The test invoices' seller (the demo tenant) and buyer (test-support/invoices.ts), as their events name them. */
export const seller: EventParty = {
  name: demoTenant.legalName,
  documentType: '31',
  id: demoTenant.nit,
  dv: demoTenant.dv,
  personType: '1',
};
export const buyer: EventParty = {
  name: 'Cliente S.A.S.',
  documentType: '31',
  id: '900108281',
  dv: 3,
  personType: '1',
};
/** A company that is neither (the world's `other-company` certificate names it). */
export const stranger: EventParty = {
  name: 'Otra Empresa S.A.S.',
  documentType: '31',
  id: '900373115',
  dv: 3,
  personType: '1',
};
/** An endorsee of a título valor (037). */
export const endorsee: EventParty = {
  name: 'Factoring del Norte S.A.',
  documentType: '31',
  id: '860034313',
  dv: 7,
  personType: '1',
};

/** The software the buyer (and the stranger) registered at DIAN's portal to send events. */
export const buyerSoftware: SoftwareRegistration = {
  id: '7e57b0b0-0000-4000-8000-000000000030',
  pin: '24680',
  providerNit: buyer.id,
  providerDv: 3,
  providerName: buyer.name,
};
const strangerSoftware: SoftwareRegistration = {
  ...buyerSoftware,
  id: '7e57b0b0-0000-4000-8000-000000000031',
  providerNit: stranger.id,
  providerName: stranger.name,
};
/** Their registrations, to add to the simulator's issuers. */
export const eventSenders: SimulatorIssuer[] = [buyerSoftware, strangerSoftware].map((s) => ({
  nit: s.providerNit,
  legalName: s.providerName,
  software: [{ id: s.id, pin: s.pin, providerNit: s.providerNit }],
  ranges: [],
}));

const person = { documentType: '13', id: '1020304050', firstName: 'Ana María', familyName: 'Pérez Gómez' };

export type EventOptions = {
  /** The event's own consecutive; a fresh one unless given. */
  id?: string;
  issuedAt?: Date;
  /** The signature's instant; issuedAt unless given. */
  signingTime?: Date;
  /** Who signs: the sender's certificate. */
  credential: SigningCredential;
  /** Overrides of the content (sender, receiver, claim reason …). */
  content?: Partial<EventContent>;
  software?: SoftwareRegistration;
  environment?: '1' | '2';
  /** Edits the unsigned XML before signing. */
  mutate?: (xml: string) => string;
};

const PREFIXES: Record<string, string> = {
  '030': 'ACR',
  '031': 'RCL',
  '032': 'RBS',
  '033': 'ACE',
  '034': 'ACT',
  '036': 'INS',
  '037': 'END',
};
let next = Math.floor(Math.random() * 1_000_000);

/** The invoice an event is about; a título valor's also states its PayableAmount and due date (036, 037). */
export type EventInvoice = { id: string; cufe: string; payable?: string; dueDate?: string | undefined };

/**
 * The content each event code gets by default: the buyer's to the seller, the seller's to DIAN, an endorsement of
 * 80 % of the invoice at a 3 % discount.
 */
function contentFor(code: string, invoice: EventInvoice): EventContent {
  const payable = invoice.payable ?? '1000.00';
  const dueDate = invoice.dueDate ?? '2030-12-31';
  const endorsed = (Math.round(Number(payable) * 80) / 100).toFixed(2);
  const base = {
    eventCode: code,
    id: `${PREFIXES[code] ?? 'EV'}${next++}`,
    invoice: { id: invoice.id, cufe: invoice.cufe },
  };
  switch (code) {
    case '034':
      return {
        ...base,
        sender: seller,
        receiver: dianEventReceiver,
        note: tacitAcceptanceStatement(buyer.name, buyer.id),
      };
    case '036':
      return {
        ...base,
        operationType: '361',
        sender: seller,
        receiver: dianEventReceiver,
        titleValue: { invoiceAmount: payable, paidAmount: '0.00', dueDate },
      };
    case '037':
      return {
        ...base,
        operationType: '372',
        sender: seller,
        receiver: endorsee,
        endorsement: { kind: '1', amount: endorsed, discountRate: '3', paymentMeans: '47', dueDate },
      };
    case '031':
      return { ...base, sender: buyer, receiver: seller, claimReason: '02' };
    default:
      return { ...base, sender: buyer, receiver: seller, person };
  }
}

/** A signed event of `code` about `invoice`; `cude` as built (a mutated document keeps it unless it edits it). */
export function signedEvent(
  code: string,
  invoice: EventInvoice,
  options: EventOptions,
): { xml: string; cude: string; id: string } {
  const content = { ...contentFor(code, invoice), ...(options.id ? { id: options.id } : {}), ...options.content };
  const issuedAt = options.issuedAt ?? new Date();
  const seller = content.sender.id === demoTenant.nit;
  const built = buildEventApplicationResponse({
    content,
    software:
      options.software ??
      (seller ? demoSoftware : content.sender.id === stranger.id ? strangerSoftware : buyerSoftware),
    environment: options.environment ?? '2',
    issuedAt,
  });
  if (!built.ok) throw new Error(`${built.error.code}: ${JSON.stringify(built.error.details)}`);
  const xml = options.mutate ? options.mutate(built.value.xml) : built.value.xml;
  const signed = createXadesSigner(options.credential).sign(xml, { signingTime: options.signingTime ?? issuedAt });
  return { xml: signed.xml, cude: built.value.cude, id: built.value.id };
}

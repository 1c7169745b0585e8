// One RADIAN event of each supported code, as the party who sends it would ask for it; shared through
// `@fe/dian-domain/testing` (the XSD and signature checks in packages/xades build the same).
import {
  buildEventApplicationResponse,
  demoSoftware,
  demoTenant,
  dianEventReceiver,
  tacitAcceptanceStatement,
  type BuiltEvent,
  type EventContent,
  type EventParty,
  type RadianEventCode,
} from '../src/index.ts';

export const EVENT_ISSUED_AT = new Date('2026-03-14T15:20:05Z'); // 10:20:05-05:00

/** The invoice every event speaks of: the demo tenant's, to the buyer below. */
export const EVENT_INVOICE = {
  id: 'SETP990000001',
  cufe: '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3',
} as const;

const seller: EventParty = {
  name: demoTenant.legalName,
  documentType: '31',
  id: demoTenant.nit,
  dv: demoTenant.dv,
  personType: '1',
  taxLevelCodes: ['O-13', 'O-15'],
};
const buyer: EventParty = {
  name: 'Comercial Andina & Cía S.A.S.',
  documentType: '31',
  id: '900373115',
  dv: 3,
  personType: '1',
};
const endorsee: EventParty = {
  name: 'Factoring del Norte S.A.',
  documentType: '31',
  id: '860034313',
  dv: 7,
  personType: '1',
};
const receivedBy = {
  documentType: '13',
  id: '1020304050',
  firstName: 'Ana María',
  familyName: 'Pérez Gómez',
  jobTitle: 'Jefe de bodega',
  department: 'Logística',
};

const fromBuyer = (eventCode: string, id: string): EventContent => ({
  eventCode,
  id,
  sender: buyer,
  receiver: seller,
  invoice: EVENT_INVOICE,
});

/** Every supported event code, in order. */
export const eventCases: Record<RadianEventCode, EventContent> = {
  '030': { ...fromBuyer('030', 'ACR1'), person: receivedBy },
  '031': { ...fromBuyer('031', 'RCL1'), claimReason: '02', note: 'Llegaron 8 de las 10 cajas.' },
  '032': { ...fromBuyer('032', 'RBS1'), person: receivedBy },
  '033': { ...fromBuyer('033', 'ACE1'), person: { ...receivedBy, jobTitle: 'Gerente', department: 'Compras' } },
  '034': {
    eventCode: '034',
    id: 'ACT1',
    sender: seller,
    receiver: dianEventReceiver,
    invoice: EVENT_INVOICE,
    note: tacitAcceptanceStatement(buyer.name, buyer.id),
  },
  '036': {
    eventCode: '036',
    operationType: '361',
    id: 'INS1',
    sender: seller,
    receiver: dianEventReceiver,
    invoice: EVENT_INVOICE,
    titleValue: { invoiceAmount: '595000.00', paidAmount: '95000.00', dueDate: '2026-04-30' },
  },
  '037': {
    eventCode: '037',
    operationType: '372',
    id: 'END1',
    sender: seller,
    receiver: endorsee,
    invoice: EVENT_INVOICE,
    endorsement: { kind: '1', amount: '500000.00', discountRate: '2.5', paymentMeans: '47', dueDate: '2026-04-30' },
  },
};

/** Builds an event of the demo software in habilitación; throws on a refused content (a broken case). */
export function buildEventCase(content: EventContent, issuedAt = EVENT_ISSUED_AT): BuiltEvent {
  const built = buildEventApplicationResponse({ content, software: demoSoftware, environment: '2', issuedAt });
  if (!built.ok) throw new Error(`${built.error.code}: ${JSON.stringify(built.error.details)}`);
  return built.value;
}

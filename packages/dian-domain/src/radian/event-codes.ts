import { codelists } from '../codelists/index.ts';

/** The RADIAN events this builder writes; their names are DIAN's list as amended (codelists/amendments.ts). */
export type RadianEventCode = '030' | '031' | '032' | '033' | '034' | '036' | '037';

type EventRule = {
  /** DocumentResponse/IssuerParty/Person must name who received or accepted. */
  person: boolean;
  /** cbc:CustomizationID: '1' for 030–034; the title-value events name their operation (361–364, 371–372). */
  operationTypes: readonly string[];
  /** The ReceiverParty is DIAN itself (the issuer's tacit acceptance, the registration as título valor). */
  toDian: boolean;
};

/** docs/radian.md says where each rule comes from. */
const rules: Record<RadianEventCode, EventRule> = {
  '030': { person: true, operationTypes: ['1'], toDian: false },
  '031': { person: false, operationTypes: ['1'], toDian: false },
  '032': { person: true, operationTypes: ['1'], toDian: false },
  '033': { person: true, operationTypes: ['1'], toDian: false },
  '034': { person: false, operationTypes: ['1'], toDian: true },
  '036': { person: false, operationTypes: ['361', '362', '363', '364'], toDian: true },
  '037': { person: false, operationTypes: ['371', '372'], toDian: false },
};

export type RadianEvent = EventRule & { code: RadianEventCode; name: string };

export const isRadianEventCode = (code: string): code is RadianEventCode => Object.hasOwn(rules, code);

/** Every supported event with its rule and its name (cbc:Description). */
export const radianEvents: Readonly<Record<RadianEventCode, RadianEvent>> = Object.fromEntries(
  Object.entries(rules).map(([code, rule]) => {
    const name = codelists.documentEvents[code];
    if (name === undefined) throw new Error(`event ${code} is not in document-events.json`);
    return [code, { ...rule, code, name }];
  }),
) as Record<RadianEventCode, RadianEvent>;

/** The ReceiverParty of an event addressed to DIAN, as DIAN's own 034 example names it. */
export const dianEventReceiver = {
  name: 'Unidad Administrativa Especial Dirección de Impuestos y Aduanas Nacionales',
  documentType: '31',
  id: '800197268',
  dv: 4,
  personType: '1',
} as const;

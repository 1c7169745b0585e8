// `@fe/dian-domain/primitives`: the leaf helpers a worker thread needs without the package index, which loads
// zod, the contracts and xmlbuilder2 into every worker isolate. Every module re-exported here imports nothing outside
// its own folder.
export { escapeText, escapeAttribute, XML_DECLARATION } from './ubl/xml-writer.ts';
export { ns as ublNamespaces } from './ubl/namespaces.ts';
export { demoTenant, demoResolution, demoSoftware } from './tenant/demo-tenant.ts';
export { colombiaDateTime, type ColombiaDateTime } from './time/colombia-time.ts';
export { SIGNATURE_SLOT_ANCHOR } from './ubl/signature-slot.ts';
export { parseDecimal, multiply, roundHalfUp, money, formatUnits, type Decimal } from './money/decimal.ts';
export { qrContent, dianLookupUrl, type QrFields } from './qr/qr-content.ts';
export { nitCheckDigit } from './nit/nit-check-digit.ts';
export { tacitAcceptanceAvailableFrom } from './calendar/business-days.ts';
export { isMunicipalityCode, spellMunicipality } from './codelists/municipalities.ts';

import { creditNoteConcepts, debitNoteConcepts } from '@fe/contracts/note-concepts';

/**
 * Spanish labels for the DIAN codes the PDF prints; unknown codes print as themselves, so a new code never breaks
 * rendering.
 */
const DOCUMENT_TYPES: Record<string, string> = {
  '11': 'Registro civil',
  '12': 'Tarjeta de identidad',
  '13': 'Cédula de ciudadanía',
  '21': 'Tarjeta de extranjería',
  '22': 'Cédula de extranjería',
  '31': 'NIT',
  '41': 'Pasaporte',
  '42': 'Documento de identificación extranjero',
  '47': 'PEP',
  '48': 'PPT',
  '50': 'NIT de otro país',
  '91': 'NUIP',
};

const PAYMENT_FORMS: Record<string, string> = { '1': 'Contado', '2': 'Crédito' };

// The common MediosPago codes (annex §3.6), spelled correctly (DIAN's list has typos).
const PAYMENT_MEANS: Record<string, string> = {
  '1': 'Instrumento no definido',
  '10': 'Efectivo',
  '20': 'Cheque',
  '30': 'Transferencia crédito',
  '31': 'Transferencia débito',
  '42': 'Consignación bancaria',
  '45': 'Transferencia crédito bancario',
  '46': 'Transferencia débito interbancario',
  '47': 'Transferencia débito bancaria',
  '48': 'Tarjeta crédito',
  '49': 'Tarjeta débito',
  ZZZ: 'Acuerdo mutuo',
};

// Short unit names for the table's narrow column (UN/ECE Rec 20 codes, annex table 13.3.6).
const UNITS: Record<string, string> = {
  '94': 'Unidad',
  EA: 'Unidad',
  NIU: 'Unidad',
  KGM: 'kg',
  GRM: 'g',
  LTR: 'L',
  MTR: 'm',
  MTK: 'm²',
  MTQ: 'm³',
  HUR: 'Hora',
  DAY: 'Día',
  MON: 'Mes',
  SET: 'Juego',
  PR: 'Par',
  BX: 'Caja',
  ZZ: 'Mutuo',
};

const RESPONSIBILITIES: Record<string, string> = {
  'O-13': 'Gran contribuyente',
  'O-15': 'Autorretenedor',
  'O-23': 'Agente de retención IVA',
  'O-47': 'Régimen simple de tributación',
  'R-99-PN': 'No aplica – Otros',
};

const TAX_SCHEMES: Record<string, string> = {
  '01': 'Responsable de IVA',
  '04': 'Responsable de INC',
  ZA: 'Responsable de IVA e INC',
  ZZ: 'No responsable de IVA',
};

const PERSON_TYPES: Record<string, string> = { '1': 'Persona jurídica', '2': 'Persona natural' };

const label =
  (table: Record<string, string>) =>
  (code: string): string =>
    table[code] ?? code;

export const documentTypeLabel = label(DOCUMENT_TYPES);
export const paymentFormLabel = label(PAYMENT_FORMS);
export const paymentMeansLabel = (code: string): string =>
  PAYMENT_MEANS[code] ? `${PAYMENT_MEANS[code]} (${code})` : `Código ${code}`;
export const unitLabel = label(UNITS);
export const taxSchemeLabel = label(TAX_SCHEMES);
export const personTypeLabel = label(PERSON_TYPES);
export const responsibilitiesLabel = (codes: readonly string[]): string =>
  codes.map((code) => (RESPONSIBILITIES[code] ? `${code} ${RESPONSIBILITIES[code]}` : code)).join('; ');

/** A note's concept with its DIAN name (annex 1.9 tables 13.2.4 credit, 13.2.5 debit): `1 Intereses`. */
export const noteConceptLabel = (kind: 'credit_note' | 'debit_note', code: string): string => {
  const names: Record<string, string> = kind === 'credit_note' ? creditNoteConcepts : debitNoteConcepts;
  return names[code] ? `${code} ${names[code]}` : `Código ${code}`;
};

/** What a note of CustomizationID 22/32 (annex §10.1–10.2) says where others name their invoice. */
export const NO_REFERENCE = 'Sin factura de referencia';

import { xmlTextSchema } from '@fe/contracts';
import { z } from 'zod';
import { codelists, hasCode } from '../codelists/index.ts';

/** Trimmed, NFC, only characters XML 1.0 carries (the request contract's text). */
const text = (min: number, max: number) => xmlTextSchema(min, max).transform((s) => s.normalize('NFC'));
const code = z.string().regex(/^[A-Za-z0-9]{1,50}$/, 'must be 1 to 50 letters or digits');

/** An identification as DIAN writes it: schemeName the document type, schemeID the DV of a NIT only. */
const identification = {
  documentType: z
    .string()
    .refine((type) => hasCode(codelists.identificationTypes, type), 'not an identification type (annex table 13.2.1)'),
  id: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'must be 1 to 20 letters or digits'),
  dv: z.number().int().min(0).max(9).optional(),
};

/** SenderParty or ReceiverParty: its PartyTaxScheme. */
const partySchema = z.strictObject({
  name: text(1, 450),
  ...identification,
  /** cbc:CompanyID/@schemeVersionID: '1' persona jurídica, '2' persona natural. */
  personType: z.enum(['1', '2']),
  /** cbc:TaxLevelCode, written only when given: DIAN's RADIAN examples carry none. */
  taxLevelCodes: z
    .array(z.string().refine((c) => hasCode(codelists.fiscalResponsibilities, c), 'not a fiscal responsibility'))
    .min(1)
    .optional(),
});

/** DocumentResponse/IssuerParty/Person: who received the invoice or the goods, or who accepted. */
const personSchema = z.strictObject({
  ...identification,
  firstName: text(1, 100),
  familyName: text(1, 100),
  jobTitle: text(1, 100).optional(),
  department: text(1, 100).optional(),
});

/** An amount as DIAN's RADIAN extensions write it: pesos with two decimals. */
const amount = z.string().regex(/^\d{1,15}\.\d{2}$/, 'must be an amount with two decimals, e.g. 1500000.00');
/** The invoice's due date (its PaymentDueDate): DocumentReference/ValidityPeriod/EndDate. */
const dueDate = z.iso.date();

/** 036 only: DIAN's ConstanciadePagos (docs/radian.md, "The título valor's data"); NuevoValorTV is derived. */
const titleValueSchema = z.strictObject({
  /** ValorFEV-TV: the invoice's PayableAmount, which DIAN compares with the invoice (LGC57). */
  invoiceAmount: amount,
  /** ValorPagado: what the buyer paid before the registration. */
  paidAmount: amount,
  dueDate,
});

/** 037 only: the endorsement's kind and DIAN's InformacionNegociacion; PrecioPagarseFEV is derived. */
const endorsementSchema = z.strictObject({
  /** ResponseCode/@listID: '1' endoso completo, '2' endoso en blanco (which changes the CUDE: event-cude.ts). */
  kind: z.enum(['1', '2']),
  /** ValorTotalEndoso, also each party's participation (PartyLegalEntity/CorporateStockAmount). */
  amount,
  /** TasaDescuento: a percentage, 0 to 100, up to two decimals. */
  discountRate: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage, e.g. 5 or 2.75'),
  /** MedioPago: how the endorsee pays the price (DIAN's MediosPago list). */
  paymentMeans: z
    .string()
    .refine((c) => hasCode(codelists.paymentMeans, c), 'not a payment means code (DIAN list MediosPago)'),
  dueDate,
});

/** What the party sending an event asks for; checkEventContent (check-event.ts) applies each event's rules. */
export const eventContentSchema = z.strictObject({
  eventCode: z.string(),
  /** cbc:CustomizationID of a title-value event (036: 361–364, 037: 371–372); 030–034 write '1'. */
  operationType: z.string().optional(),
  /** The event's own consecutive (cbc:ID), e.g. prefix and number; unique per event code. */
  id: code,
  sender: partySchema,
  receiver: partySchema,
  /** The invoice the event is about (DocumentReference, DocumentTypeCode 01). */
  invoice: z.strictObject({
    id: code,
    cufe: z.string().regex(/^[0-9a-f]{96}$/, 'must be a CUFE: 96 lower-case hexadecimal digits'),
  }),
  /** 031 only: 01–04 (claim-reasons.ts). */
  claimReason: z.string().optional(),
  person: personSchema.optional(),
  /** cbc:Note; a 034 carries the sworn statement (tacit-acceptance.ts). */
  note: text(1, 5000).optional(),
  titleValue: titleValueSchema.optional(),
  endorsement: endorsementSchema.optional(),
});

export type EventContent = z.input<typeof eventContentSchema>;
export type EventParty = z.output<typeof partySchema>;
export type EventPerson = z.output<typeof personSchema>;
export type TitleValueData = z.output<typeof titleValueSchema>;
export type EndorsementData = z.output<typeof endorsementSchema>;
export type ParsedEventContent = z.output<typeof eventContentSchema>;

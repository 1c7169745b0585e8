/**
 * Every rule the simulator enforces, in the order it checks them (docs/dian-simulator-rules.md). `SIM…` codes are
 * the simulator's own, where the reference names a check but not DIAN's code.
 */
type RuleEffect = 'R' | 'N';
export type RuleDefinition = { code: string; effect: RuleEffect; group: RuleGroup; message: string };
type RuleGroup =
  | 'zip'
  | 'xml'
  | 'signature'
  | 'cufe'
  | 'parties'
  | 'numbering'
  | 'dates'
  | 'taxes'
  | 'totals'
  | 'lines'
  | 'document'
  | 'reference'
  | 'event'
  | 'duplicate';

const r = (code: string, group: RuleGroup, message: string, effect: RuleEffect = 'R'): RuleDefinition => ({
  code,
  effect,
  group,
  message,
});

const invoiceRules = [
  r('SIM-ZIP01', 'zip', 'El archivo enviado no es un archivo comprimido ZIP válido'),
  r('SIM-ZIP02', 'zip', 'El archivo ZIP de SendBillSync debe contener exactamente un documento XML'),
  // The reference does not say how DIAN answers an unknown TestSetId: an upload refused without a ZipKey.
  r('SIM-TS01', 'zip', 'El TestSetId no es un identificador de set de pruebas de habilitación (un GUID)'),
  // Reference §6.5 names the convention, not DIAN's codes for a breach (nor whether DIAN checks it).
  r(
    'SIM-NAME01',
    'zip',
    'El nombre del archivo ZIP no sigue la convención z + NIT (10) + PPP + AA + consecutivo (8 hex)',
  ),
  r(
    'SIM-NAME02',
    'zip',
    'El nombre del XML no sigue la convención de su tipo de documento (fv, nc, nd, ar) y del NIT de su emisor',
  ),
  r('SIM-NAME03', 'zip', 'El nombre del XML y el del ZIP no coinciden en NIT, código de proveedor o año'),
  r('ZB01', 'xml', 'Fallo en el Schema XML del archivo'), // [V] annex sample, first part
  r('ZE02', 'signature', 'Valor de la firma inválido'), // [V] reference §5.4
  r(
    'DC24',
    'signature',
    'La firma no cumple la estructura de la política de firma de la DIAN (referencias, algoritmos o propiedades firmadas)',
  ),
  r('ZD05', 'signature', 'El certificado de firma no fue emitido por una entidad de certificación de confianza'),
  r(
    'ZD06',
    'signature',
    'No se pudo construir la cadena de confianza del certificado de firma hasta una entidad de certificación',
  ),
  r('ZD02', 'signature', 'El certificado de firma no estaba vigente en la fecha de firma'),
  r('ZD04', 'signature', 'El certificado de firma fue revocado por la entidad de certificación que lo emitió'),
  r('ZD07', 'signature', 'El certificado de firma no tiene el uso de clave No Repudio'),
  r(
    'ZE03',
    'signature',
    'El certificado de firma no corresponde al emisor del documento ni a su proveedor tecnológico autorizado',
  ),
  r('FAD09e', 'signature', 'La fecha de emisión no corresponde a la fecha de la firma (SigningTime)'),
  r('FAD06', 'cufe', 'Valor del CUFE no está calculado correctamente'), // [V] wording of §7 intro
  r('FAD07', 'cufe', 'El ambiente del CUFE (schemeID) no corresponde al ambiente de destino'),
  r('FAD08', 'cufe', 'El algoritmo del CUFE (schemeName) no es CUFE-SHA384'),
  r('FAB24b', 'cufe', 'El identificador del software no corresponde a un software autorizado para este facturador'),
  r('FAB24a', 'cufe', 'No se informó el identificador del software (SoftwareID)'),
  r('FAB27a', 'cufe', 'No se informó el código de seguridad del software (SoftwareSecurityCode)'),
  r('FAB27b', 'cufe', 'El código de seguridad del software (SoftwareSecurityCode) no corresponde al calculado'),
  r('FAB19a', 'cufe', 'No se informó el NIT del proveedor de software (ProviderID)'),
  r(
    'FAB19b',
    'cufe',
    'El NIT del proveedor de software no corresponde al proveedor tecnológico autorizado para el software',
  ),
  r('FAB22a', 'cufe', 'No se informó el dígito de verificación del NIT del proveedor de software'),
  r('FAB22b', 'cufe', 'El dígito de verificación del NIT del proveedor de software no es correcto'),
  r(
    'FAB34',
    'cufe',
    'El proveedor de la autorización (AuthorizationProviderID) debe ser la DIAN, NIT 800197268 con DV 4',
  ),
  r('FAB36', 'cufe', 'No se informó el código QR (QRCode) o no contiene el CUFE del documento'),
  r('FAB03', 'cufe', 'Solo una extensión (UBLExtension) puede contener el grupo DianExtensions'),
  r('FAJ02a', 'parties', 'No se informó el tipo de persona del emisor (AdditionalAccountID)'),
  r('FAJ02b', 'parties', 'El tipo de persona del emisor (AdditionalAccountID) debe ser 1 (jurídica) o 2 (natural)'),
  r('FAJ21', 'parties', 'El NIT del emisor no está habilitado como facturador electrónico'),
  r('FAJ24a', 'parties', 'No se informó el dígito de verificación del NIT del emisor'),
  r('FAJ24b', 'parties', 'El dígito de verificación del NIT del emisor no es correcto'),
  r(
    'FAJ26',
    'parties',
    'La responsabilidad fiscal del emisor (TaxLevelCode) no corresponde a un código de la tabla 13.2.6.1',
  ),
  r(
    'FAJ09',
    'parties',
    'El código de municipio de una dirección del emisor no corresponde a un código de la tabla de municipios (DANE)',
  ),
  r(
    'FAK09',
    'parties',
    'El código de municipio de una dirección del adquiriente no corresponde a un código de la tabla de municipios (DANE)',
  ),
  r('FAK24', 'parties', 'El adquiriente identificado con NIT (31) no informa el dígito de verificación'),
  r('FAK25', 'parties', 'El dígito de verificación del NIT del adquiriente no es correcto'),
  r('FAK61', 'parties', 'El adquiriente persona natural no informa el grupo PartyIdentification'),
  r(
    'FAK62',
    'parties',
    'El adquiriente persona natural no informa su número de identificación (PartyIdentification/ID)',
  ),
  r('FAJ43b', 'parties', 'El nombre o razón social del emisor no corresponde al registrado en el RUT', 'N'),
  r(
    'FAJ71',
    'parties',
    'El correo electrónico del emisor no corresponde al correo de recepción registrado en la DIAN',
    'N',
  ),
  r('FAB05b', 'numbering', 'El número de autorización de numeración no corresponde a este facturador y software'),
  r(
    'FAB05a',
    'numbering',
    'No se informó el número de autorización de numeración (InvoiceControl/InvoiceAuthorization)',
  ),
  r('FAB07b', 'numbering', 'La fecha de inicio de la autorización no corresponde a la registrada'),
  r('FAB08b', 'numbering', 'La fecha final de la autorización no corresponde a la registrada'),
  r('FAB10a', 'numbering', 'El prefijo no corresponde al informado en CorporateRegistrationScheme'),
  r('FAB10b', 'numbering', 'El prefijo no corresponde al prefijo de la autorización de numeración'),
  r('FAB11b', 'numbering', 'El rango inicial no corresponde al rango autorizado'),
  r('FAB11a', 'numbering', 'No se informó el rango inicial de la numeración autorizada (AuthorizedInvoices/From)'),
  r('FAB12b', 'numbering', 'El rango final no corresponde al rango autorizado'),
  r('FAB12a', 'numbering', 'No se informó el rango final de la numeración autorizada (AuthorizedInvoices/To)'),
  r('FAD05a', 'numbering', 'El número del documento contiene caracteres distintos de letras y números'),
  r('FAD05c', 'numbering', 'El número del documento es mayor al rango final de la numeración autorizada'),
  r('FAD05d', 'numbering', 'El número del documento no está contenido en el rango de numeración autorizado'),
  r(
    'FAD05e',
    'numbering',
    'El número del documento no existe para la autorización de numeración (prefijo o consecutivo)',
  ),
  r('FAD09a', 'numbering', 'La fecha de emisión es anterior a la fecha de inicio de la autorización de numeración'),
  r('FAD09b', 'numbering', 'La fecha de emisión es posterior a la fecha final de la autorización de numeración'),
  r('SIM-FEC01', 'dates', 'La fecha de emisión es posterior a la fecha de recepción del documento'),
  r('SIM-FEC02', 'dates', 'La fecha de emisión es anterior al plazo permitido respecto de la fecha de recepción'),
  r(
    'SIM-CONT01',
    'dates',
    'La factura de contingencia (tipo 04) se transmitió después de las 48 horas siguientes a su expedición',
    'N',
  ),
  r('FAM02a', 'dates', 'Se informó el grupo Delivery sin la fecha efectiva de entrega (ActualDeliveryDate)'),
  r('FAN04', 'dates', 'El medio de pago a crédito (ID 2) no informa la fecha de vencimiento (PaymentDueDate)'),
  r('VLR01', 'taxes', 'Se informó un valor o porcentaje negativo'),
  r('SIM-IMP01', 'taxes', 'El código del tributo no corresponde a un tributo de la tabla 13.2.2'),
  r('SIM-IMP02', 'taxes', 'La tarifa no corresponde a una tarifa vigente para el tributo (tabla 13.3.11)'),
  r(
    'SIM-IMP03',
    'taxes',
    'Un tributo por unidad (22, 34 …) no informa BaseUnitMeasure y PerUnitAmount, o un tributo porcentual los informa',
  ),
  r('FAS01a', 'taxes', 'Existe más de un grupo TaxTotal para el mismo tributo'),
  r('FAS01b', 'taxes', 'Los impuestos del documento no corresponden a la suma de los impuestos de las líneas'),
  r('FAS02', 'taxes', 'El valor del tributo no corresponde a la suma de sus subtotales (TaxSubtotal)'),
  r('FAS04', 'taxes', 'Un grupo de tributos (TaxTotal) no informa su subtotal por tarifa (TaxSubtotal)'),
  r('FAS07', 'taxes', 'El valor del tributo no corresponde a la base gravable por la tarifa'),
  r('FAX07', 'taxes', 'El valor del tributo de una línea no corresponde a la base gravable por la tarifa'),
  r(
    'SIM-RET01',
    'taxes',
    'Una retención (WithholdingTaxTotal) no es ReteIVA (05), ReteRenta (06) ni ReteICA (07), o se repite',
  ),
  r(
    'SIM-RET02',
    'taxes',
    'El valor de una retención no corresponde a la suma de sus subtotales o a su base por la tarifa',
  ),
  r('FAV01', 'totals', 'El documento no contiene líneas (InvoiceLine)'),
  r('FAD16', 'totals', 'El número de líneas (LineCountNumeric) no corresponde al número de líneas del documento'),
  r('FAU02', 'totals', 'El valor bruto (LineExtensionAmount) no corresponde a la suma de los valores de las líneas'),
  r(
    'FAU04',
    'totals',
    'La base gravable (TaxExclusiveAmount) no corresponde a la suma de las bases de las líneas gravadas',
  ),
  r('FAU06', 'totals', 'El valor con impuestos (TaxInclusiveAmount) no corresponde al valor bruto más los tributos'),
  r(
    'FAU08',
    'totals',
    'El total de descuentos (AllowanceTotalAmount) no corresponde a la suma de los descuentos del documento',
  ),
  r('FAU10', 'totals', 'El total de cargos (ChargeTotalAmount) no corresponde a la suma de los cargos del documento'),
  r(
    'FAU12',
    'totals',
    'El total de anticipos (PrepaidAmount) no corresponde a la suma de los anticipos (PrepaidPayment)',
  ),
  r(
    'FAU14',
    'totals',
    'El valor a pagar (PayableAmount) no corresponde al valor con impuestos menos descuentos más cargos',
  ),
  r('FAV04b', 'lines', 'La cantidad de una línea (InvoicedQuantity) es negativa'),
  r('FAZ02', 'lines', 'No se informó la descripción del artículo o servicio (Item/Description)'),
  r(
    'FAZ09',
    'lines',
    'No se informó el identificador estándar del artículo (StandardItemIdentification/ID) o su esquema (schemeID 001, 010, 020 o 999) no es válido',
  ),
  r('FAV05', 'lines', 'La unidad de medida (unitCode) no corresponde a un código de la tabla de unidades'),
  r('FAV06', 'lines', 'El valor de una línea no corresponde al precio por la cantidad menos descuentos más cargos'),
  r('FBB02', 'lines', 'El precio unitario (PriceAmount) tiene más de 6 decimales'),
  // AIU (09) and mandates (11): FAV03 is the annex's; the mandate checks are the simulator's (no DIAN code known).
  r(
    'FAV03',
    'lines',
    'La factura AIU no informa en la línea de Administración la nota que empieza por "Contrato de servicios AIU por concepto de:"',
  ),
  r('SIM-MAN01', 'lines', 'Una línea de la factura de mandato no informa en cbc:ID@schemeID 0 (propio) o 1 (mandante)'),
  r(
    'SIM-MAN02',
    'lines',
    'Una línea de un mandante no identifica al mandante (InformationContentProviderParty/PowerOfAttorney/AgentParty)',
  ),
  r('SIM-MAN03', 'lines', 'El dígito de verificación del NIT del mandante no es correcto'),
  r('FAD02', 'document', 'El tipo de operación (CustomizationID) no es válido para este tipo de documento'),
  r('FAD12a', 'document', 'El tipo de factura (InvoiceTypeCode) no es válido'),
  r('FAD12b', 'document', 'El tipo de documento (InvoiceTypeCode) no corresponde a una factura electrónica de venta'),
  r(
    'FAD15a',
    'document',
    'El código de moneda (DocumentCurrencyCode) no corresponde a un código de la tabla de monedas',
  ),
  r(
    'FAD15b',
    'document',
    'Existe un valor cuya moneda (currencyID) es diferente de la moneda del documento (DocumentCurrencyCode)',
  ),
  r('FAR01', 'document', 'El documento en moneda distinta de COP no informa la tasa de cambio (PaymentExchangeRate)'),
  r('FAR02', 'document', 'La moneda de origen de la tasa de cambio (SourceCurrencyCode) no es la moneda del documento'),
  r('FAR03', 'document', 'La base de la moneda de origen (SourceCurrencyBaseRate) debe ser 1.00'),
  r('FAR04', 'document', 'La moneda de destino de la tasa de cambio (TargetCurrencyCode) debe ser COP'),
  r('FAR05', 'document', 'La base de la moneda de destino (TargetCurrencyBaseRate) debe ser 1.00'),
  r('FAR06', 'document', 'La tasa de cambio (CalculationRate) no se informó o no es un valor mayor que cero'),
  r('FAR07', 'document', 'La fecha de la tasa de cambio (Date) no se informó o es posterior a la fecha de emisión'),
  // Reference §10.3 names the export type and its fields, not DIAN's codes for them.
  r(
    'SIM-EXP01',
    'document',
    'La factura de exportación (tipo 02) no informa condiciones de entrega (DeliveryTerms) con un Incoterm de la tabla',
  ),
  r(
    'SIM-EXP02',
    'document',
    'La factura de exportación (tipo 02) debe tener un adquirente con dirección en el exterior',
  ),
  r(
    'FAI01',
    'document',
    'La factura de contingencia (tipo 03) no informa el documento de referencia (AdditionalDocumentReference)',
  ),
  r(
    'FAI02',
    'document',
    'La factura de contingencia (tipo 03) no informa el número del documento de referencia (AdditionalDocumentReference/ID)',
  ),
  r(
    'FAI03',
    'document',
    'La factura de contingencia (tipo 03) no informa el CUFE del documento de referencia (AdditionalDocumentReference/UUID)',
  ),
  r('FBH04', 'document', 'La nota crédito referenciada (BillingReference/CreditNoteDocumentReference) no existe'),
  r('FBI04', 'document', 'La nota débito referenciada (BillingReference/DebitNoteDocumentReference) no existe'),
  r('90', 'duplicate', 'Documento procesado anteriormente'), // [V] reference §6.3
] as const satisfies readonly RuleDefinition[];

type InvoiceRuleCode = (typeof invoiceRules)[number]['code'];

/** Invoice rules with no counterpart for a note (no numbering authorization, type code or contingency). */
const INVOICE_ONLY_CODES = [
  'FAB05a',
  'FAB05b',
  'FAB07b',
  'FAB08b',
  'FAB10a',
  'FAB10b',
  'FAB11a',
  'FAB11b',
  'FAB12a',
  'FAB12b',
  'FAD05a',
  'FAD05c',
  'FAD05d',
  'FAD05e',
  'FAD09a',
  'FAD09b',
  'FAD12a',
  'FAD12b',
  'FAI01',
  'FAI02',
  'FAI03',
  'FBH04',
  'FBI04',
] as const satisfies readonly InvoiceRuleCode[];
const INVOICE_ONLY = new Set<string>(INVOICE_ONLY_CODES);
/** An invoice rule a note shares, by the code the invoice's check reports. */
type SharedRuleCode = Exclude<Extract<InvoiceRuleCode, `F${string}`>, (typeof INVOICE_ONLY_CODES)[number]>;
/** Its credit-note (C…) and debit-note (D…) codes: the reference's "same checks with the CA…/DA… prefixes" (§7). */
type NoteVariant<C extends string> = C extends `F${infer Rest}` ? `C${Rest}` | `D${Rest}` : never;

/** A shared rule's wording for a note: its lines, quantities and key have the note's names. */
function forNote(definition: RuleDefinition, letter: 'C' | 'D'): RuleDefinition {
  const [line, quantity] =
    letter === 'C' ? ['CreditNoteLine', 'CreditedQuantity'] : ['DebitNoteLine', 'DebitedQuantity'];
  const message = definition.message
    .replaceAll('InvoiceLine', line)
    .replaceAll('InvoicedQuantity', quantity)
    .replaceAll('CUFE', 'CUDE');
  return { ...definition, code: letter + definition.code.slice(1), message };
}
const sharedRules = invoiceRules.filter((d) => d.code.startsWith('F') && !INVOICE_ONLY.has(d.code));

/**
 * The notes' own rules (reference §7.8, §10.1–10.2); SIM-NC01/02 and SIM-ND01 where the reference names a check
 * but no code.
 */
const noteRules = [
  r(
    'CAD02a',
    'document',
    'El concepto de anulación de factura electrónica (DiscrepancyResponse/ResponseCode 2) requiere el tipo de operación 20 (CustomizationID)',
  ),
  r(
    'CBF03a',
    'document',
    'Una nota crédito sin referencia a facturas (CustomizationID 22) no puede anular una factura (concepto 2)',
  ),
  r('CAD12', 'document', 'El tipo de documento (CreditNoteTypeCode) no corresponde a una nota crédito (91)'),
  r(
    'SIM-NC01',
    'document',
    'El concepto de la nota crédito (DiscrepancyResponse/ResponseCode) no corresponde a un código de la tabla 13.2.4',
  ),
  r(
    'SIM-NC02',
    'document',
    'La nota crédito sin referencia a facturas (CustomizationID 22) no informa el periodo que cubre (InvoicePeriod)',
  ),
  r(
    'SIM-ND01',
    'document',
    'El concepto de la nota débito (DiscrepancyResponse/ResponseCode) no corresponde a un código de la tabla 13.2.5',
  ),
  r(
    'CBG04',
    'reference',
    'La factura referenciada (BillingReference/InvoiceDocumentReference/UUID) no existe o no fue aceptada por la DIAN para este emisor',
  ),
  r(
    'DBG04',
    'reference',
    'La factura referenciada (BillingReference/InvoiceDocumentReference/UUID) no existe o no fue aceptada por la DIAN para este emisor',
  ),
] as const satisfies readonly RuleDefinition[];

/**
 * A RADIAN event's own rules (SendEventUpdateStatus; docs/dian-simulator-rules.md, "RADIAN events"), in check order.
 * DIAN's codes where its validator or peers name them (AAD05, AAD06, AAD09e, AAH09, DC24c, DC24e), SIM-EV… else; an
 * event also answers ZB01, the signature's codes, ZE03 and 90.
 */
const eventRules = [
  r('AAD09e', 'signature', 'La fecha del evento (IssueDate) no corresponde a la fecha de la firma (SigningTime)'),
  r(
    'SIM-EV01',
    'event',
    'El código del evento (DocumentResponse/Response/ResponseCode) no corresponde a un evento que la DIAN registre (030, 031, 032, 033, 034, 036 o 037)',
  ),
  r(
    'SIM-EV02',
    'event',
    'El ambiente del CUDE (UUID/@schemeID) o del evento (ProfileExecutionID) no corresponde al ambiente del software del emisor',
  ),
  r(
    'SIM-EV03',
    'event',
    'El identificador del software (SoftwareID) no corresponde a un software registrado para el emisor del evento',
  ),
  r('AAD06', 'event', 'Valor del CUDE no está calculado correctamente'),
  r(
    'SIM-EV04',
    'event',
    'La factura referenciada (DocumentReference: número, CUFE y tipo 01) no corresponde a una factura electrónica aceptada por la DIAN',
  ),
  r(
    'SIM-EV05',
    'event',
    'El emisor del evento (SenderParty) no puede registrarlo sobre esta factura: 030 a 033 los registra su adquiriente, 034 su emisor, 036 y 037 su tenedor legítimo',
  ),
  r(
    'SIM-EV06',
    'event',
    'El receptor del evento (ReceiverParty) no corresponde: el emisor de la factura para 030 a 033, la DIAN para 034 y 036',
  ),
  r(
    'SIM-EV07',
    'event',
    'La factura no tiene el evento previo que este requiere (032 tras 030; 031, 033 y 034 tras 032; 036 tras 033 o 034; 037 tras 036)',
  ),
  r(
    'SIM-EV08',
    'event',
    'El evento es incompatible con uno ya registrado sobre la factura (un reclamo y una aceptación se excluyen)',
  ),
  r(
    'DC24c',
    'event',
    'La aceptación expresa (033) se firmó pasados 3 días hábiles del recibo del bien o servicio (032)',
  ),
  r(
    'DC24e',
    'event',
    'La aceptación tácita (034) se firmó o se recibió antes de transcurridos 3 días hábiles del recibo del bien o servicio (032)',
  ),
  r(
    'SIM-EV10',
    'event',
    'La fecha de vencimiento del título valor (DocumentReference/ValidityPeriod/EndDate) no corresponde a la de la factura (PaymentDueDate), o la factura no tiene fecha de vencimiento',
  ),
  r(
    'LGC57',
    'event',
    'El valor de la factura como título valor (ConstanciadePagos, ValorFEV-TV) no corresponde al valor a pagar de la factura (PayableAmount)',
  ),
  r(
    'SIM-EV09',
    'event',
    'El nuevo valor del título valor (NuevoValorTV) no corresponde a ValorFEV-TV menos ValorPagado',
  ),
  r('SIM-EV11', 'event', 'El endoso no indica su forma en ResponseCode/@listID: 1 endoso completo, 2 endoso en blanco'),
  r(
    'AAI07b',
    'event',
    'El precio a pagarse (PrecioPagarseFEV) no corresponde al valor total del endoso (ValorTotalEndoso) menos la tasa de descuento (TasaDescuento)',
  ),
  r(
    'AAF19',
    'event',
    'La participación del endosante (SenderParty/PartyLegalEntity/CorporateStockAmount) no suma el valor total del endoso',
  ),
  r(
    'AAG20',
    'event',
    'La participación del endosatario (ReceiverParty/PartyLegalEntity/CorporateStockAmount) no suma el valor total del endoso',
  ),
  r('AAH09', 'duplicate', 'Evento registrado previamente: la factura ya tiene un evento con este código'),
  r('AAD05', 'duplicate', 'El número del evento (cbc:ID) ya fue usado por el emisor para otro evento del mismo código'),
] as const satisfies readonly RuleDefinition[];

export type RuleCode =
  | InvoiceRuleCode
  | NoteVariant<SharedRuleCode>
  | (typeof noteRules)[number]['code']
  | (typeof eventRules)[number]['code'];

/**
 * Every rule: the invoice's, then each shared one as a credit note's and as a debit note's, then
 * the notes' own, then the events'. Order matters only within a kind (the answer lists findings in check order).
 */
export const ruleCatalogue: readonly (RuleDefinition & { code: RuleCode })[] = [
  ...invoiceRules,
  ...sharedRules.map((d) => forNote(d, 'C')),
  ...sharedRules.map((d) => forNote(d, 'D')),
  ...noteRules,
  ...eventRules,
] as (RuleDefinition & { code: RuleCode })[];

const byCode = new Map<string, RuleDefinition>(ruleCatalogue.map((rule) => [rule.code, rule]));

export function rule(code: RuleCode): RuleDefinition {
  return byCode.get(code)!;
}

/**
 * The code a note answers with for a check shared with invoices: FAD06 → CAD06 (credit) / DAD06
 * (debit); codes not starting with F (ZB01, ZE02, VLR01, SIM-…, 90) are the same for every document.
 */
export function codeFor(code: RuleCode, kind: 'invoice' | 'credit-note' | 'debit-note'): RuleCode {
  if (kind === 'invoice' || code[0] !== 'F') return code;
  return ((kind === 'credit-note' ? 'C' : 'D') + code.slice(1)) as RuleCode;
}

/** `Regla: FAD06, Rechazo: Valor del CUFE …`, the form DIAN writes in ErrorMessage. */
export function ruleMessage(definition: RuleDefinition): string {
  return `Regla: ${definition.code}, ${definition.effect === 'R' ? 'Rechazo' : 'Notificación'}: ${definition.message}`;
}

/**
 * Where our code lists depart from DIAN's genericode files, each with DIAN's text (the code-list test re-checks
 * it, so an amendment is revisited if the source changes) and why (docs/dian-domain.md, "Code lists").
 */
export type Amendment = { code: string; dian: string | undefined; name: string | null; source: string };

const REC20 = "UN/ECE Recommendation 20 (the list's own source), English name";

/**
 * UnidadesMedida's names were machine-translated (and three carry mojibake); only the names shown are corrected,
 * codes are unchanged.
 */
export const unitAmendments: readonly Amendment[] = [
  { code: '05', dian: 'levantar', name: 'elevación', source: `${REC20} "lift"` },
  { code: '11', dian: 'equipar', name: 'equipo', source: `${REC20} "outfit"` },
  { code: '14', dian: 'Disparo', name: 'trago', source: `${REC20} "shot"` },
  { code: '31', dian: 'coger peso', name: 'peso capturado', source: `${REC20} "catch weight"` },
  {
    code: '81',
    dian: 'Enrique',
    name: 'henry',
    source: `${REC20} "henry" (the SI unit; the translator took it for a first name)`,
  },
  {
    code: 'A11',
    dian: 'Ã ¥ ngström',
    name: 'ångström',
    source: `${REC20} "angstrom"; DIAN's text is UTF-8 read as Latin-1`,
  },
  { code: 'BG', dian: 'bolso', name: 'bolsa', source: `${REC20} "bag"` },
  { code: 'BL', dian: 'bala', name: 'fardo', source: `${REC20} "bale"` },
  { code: 'C34', dian: 'Topo', name: 'mol', source: `${REC20} "mole" (the SI unit, not the animal)` },
  {
    code: 'C85',
    dian: 'â € ngstr recíproco “m',
    name: 'ångström recíproco',
    source: `${REC20} "reciprocal angstrom"; mojibake in DIAN's text`,
  },
  { code: 'CV', dian: 'cubrir', name: 'cubierta', source: `${REC20} "cover"` },
  { code: 'D34', dian: 'Texas', name: 'tex', source: `${REC20} "tex" (g/km, a yarn count)` },
  { code: 'D64', dian: 'bloquear', name: 'bloque', source: `${REC20} "block"` },
  { code: 'DAA', dian: 'despreciar', name: 'decárea', source: `${REC20} "decare"` },
  { code: 'EA', dian: 'cada', name: 'cada uno', source: `${REC20} "each"` },
  { code: 'KR', dian: 'KilorÃ¶ntgen', name: 'kiloröntgen', source: `${REC20} "kiloroentgen"; mojibake in DIAN's text` },
  { code: 'LK', dian: 'enlazar', name: 'eslabón', source: `${REC20} "link"` },
  { code: 'NN', dian: 'entrenar', name: 'tren', source: `${REC20} "train"` },
  { code: 'RO', dian: 'rodar', name: 'carrete', source: `${REC20} "reel"` },
  { code: 'RU', dian: 'correr', name: 'tirada', source: `${REC20} "run"` },
  { code: 'SV', dian: 'patinar', name: 'patín (skid)', source: `${REC20} "skid"` },
  { code: 'VQ', dian: 'abultar', name: 'a granel', source: `${REC20} "bulk"` },
  { code: 'VS', dian: 'visitar', name: 'visita', source: `${REC20} "visit"` },
  { code: 'WR', dian: 'envolver', name: 'envoltura', source: `${REC20} "wrap"` },
  { code: 'Z5', dian: 'arrastrar', name: 'orejeta (lug)', source: `${REC20} "lug"` },
];

const ANNEX_ID_TYPES = 'annex 1.9 table 13.2.1 (identification document types)';

/** TipoIdFiscal-2.1.gc is the 1.7/1.8 table: 1.9 adds 47 and 48; its names carry stray spaces and an asterisk. */
export const identificationTypeAmendments: readonly Amendment[] = [
  {
    code: '47',
    dian: undefined,
    name: 'PEP (Permiso Especial de Permanencia)',
    source: `${ANNEX_ID_TYPES}: added after 1.8`,
  },
  {
    code: '48',
    dian: undefined,
    name: 'PPT (Permiso por Protección Temporal)',
    source: `${ANNEX_ID_TYPES}: added in the 1.9 cycle`,
  },
  {
    code: '91',
    dian: 'NUIP *',
    name: 'NUIP',
    source: `${ANNEX_ID_TYPES}; the asterisk is a footnote mark of the printed table`,
  },
];

/**
 * TipoResponsabilidad lacks R-99-PN ("no aplica – otros"), which annex 1.9 table 13.2.6.1 takes for a party with
 * none of the four obligations.
 */
export const fiscalResponsibilityAmendments: readonly Amendment[] = [
  { code: 'R-99-PN', dian: undefined, name: 'No aplica – Otros', source: 'annex 1.9 table 13.2.6.1' },
];

/** DIAN's RADIAN toolkit 1.1 examples (Res. 000085/2022), as kept in wariox3/nobelio @cf9c187 (docs/radian.md). */
const RADIAN_EXAMPLE = "cbc:Description of DIAN's RADIAN toolkit 1.1 example";
const RADIAN_TABLE = 'RADIAN event table (Res. 000085/2022) as the annex 1.9 reference §9.3 transcribes it';

/**
 * EventoDocumento-2.1.gc is the 2019 edition, older than RADIAN: 030–033 carry other meanings' names, 034–037 are
 * missing, and 02 (DIAN's own verdict) and 040/041 (now other RADIAN events) are not events this list offers.
 */
export const documentEventAmendments: readonly Amendment[] = [
  {
    code: '02',
    dian: 'Uso Autorizado por la DIAN',
    name: null,
    source: "DIAN's verdict (annex 1.9 §9.2), not an event",
  },
  {
    code: '030',
    dian: 'Solicitación de Corrección en Documento',
    name: 'Acuse de recibo de Factura Electrónica de Venta',
    source: `${RADIAN_EXAMPLE} 030`,
  },
  {
    code: '031',
    dian: 'Rechazo de Documento',
    name: 'Reclamo de la Factura Electrónica de Venta',
    source: `${RADIAN_EXAMPLE} 031`,
  },
  {
    code: '032',
    dian: 'Recibimiento de los Bienes',
    name: 'Recibo del bien y/o prestación del servicio',
    source: `${RADIAN_EXAMPLE} 032`,
  },
  { code: '033', dian: 'Aceptación de Documento', name: 'Aceptación expresa', source: `${RADIAN_EXAMPLE} 033` },
  { code: '034', dian: undefined, name: 'Aceptación Tácita', source: `${RADIAN_EXAMPLE} 034` },
  {
    code: '036',
    dian: undefined,
    name: 'Inscripción de la factura electrónica de venta como título valor',
    source: RADIAN_TABLE,
  },
  { code: '037', dian: undefined, name: 'Endoso en propiedad', source: RADIAN_TABLE },
  {
    code: '040',
    dian: 'Factura Ofrecida para Negociación como Título Valor',
    name: null,
    source: `${RADIAN_TABLE}: 040 is now "Cancelación de endoso", not supported`,
  },
  {
    code: '041',
    dian: 'Factura Negociada como Título Valor',
    name: null,
    source: `${RADIAN_TABLE}: 041 is now a limitation of circulation, not supported`,
  },
];

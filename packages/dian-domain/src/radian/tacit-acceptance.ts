/**
 * The sworn statement a tacit acceptance (034) carries in cbc:Note when the issuer sends it itself (no mandatario).
 * Wording of DIAN's RADIAN toolkit 1.1 example "Ejemplificacion Aceptacion_Tacita_FEV.xml" (Res. 000085/2022), as
 * kept in wariox3/nobelio apps/dian/datos/ejemplos/radian/034-aceptacion-tacita.xml @cf9c187; HGInet's builder
 * (eraigosahgi/FE_Ultima_Prueba_Definitiva_Final, AcuseReciboXMLv2_1.cs) writes the same. docs/choices.md, "RADIAN
 * events", says why not the "contados desde la creación del Recibo" variant some peers write.
 */
export const tacitAcceptanceStatement = (buyerName: string, buyerId: string): string =>
  'Manifiesto bajo la gravedad de juramento que transcurridos 3 días hábiles siguientes a la fecha de recepción ' +
  `de la mercancía o del servicio en la referida factura de este evento, el adquirente ${buyerName} identificado ` +
  `con NIT ${buyerId} no manifestó expresamente la aceptación o rechazo de la referida factura, ni reclamó en ` +
  'contra de su contenido.';

/** What every variant of the statement says (with or without mandatario); a 034 note must contain it. */
export const SWORN_STATEMENT = 'bajo la gravedad de juramento';

/**
 * The reasons of a claim (031), written as cbc:ResponseCode/@listID and @name. DIAN's list ("Concepto de
 * Reclamo.gc", RADIAN toolkit, Res. 000085/2022) is not in spec/dian; its four rows are these.
 */
export const claimReasons = {
  '01': 'Documento con inconsistencias',
  '02': 'Mercancía no entregada totalmente',
  '03': 'Mercancía no entregada parcialmente',
  '04': 'Servicio no prestado',
} as const satisfies Record<string, string>;

export type ClaimReason = keyof typeof claimReasons;

export const isClaimReason = (code: string): code is ClaimReason => Object.hasOwn(claimReasons, code);

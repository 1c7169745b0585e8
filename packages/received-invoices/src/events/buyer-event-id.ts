/**
 * The number (cbc:ID) of the buyer's events on one received invoice: `R` and the first 24 hex digits of its CUFE,
 * upper-case. DIAN refuses an ID its sender used before for the same code (AAD05); each code is sent once per
 * invoice, so one ID per invoice serves every code, needs no counter, and two suppliers' equal numbers never
 * collide (docs/choices.md, "The buyer's event numbers").
 */
export const buyerEventId = (cufe: string): string => `R${cufe.slice(0, 24).toUpperCase()}`;

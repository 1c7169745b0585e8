/**
 * What the signature and CUFE checks need from the tenant registry: for a note, `technicalKey` is the software PIN (its
 * CUDE's key). A RADIAN event the service issued takes the software PIN too, and its certificate names one of `owners`
 * (the tenant's NIT, its software provider's).
 */
export type TenantTrust = {
  trustedPem: string | undefined;
  technicalKey: string | undefined;
  softwarePin?: string | undefined;
  owners?: readonly string[] | undefined;
  /** The tenant's own NIT: the buyer of the invoices it received, the sender of its buyer events. */
  tenantNit?: string | undefined;
};

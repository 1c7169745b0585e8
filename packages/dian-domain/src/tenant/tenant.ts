/** What the builder needs about the issuer, all entered at onboarding (docs/api.md, "Tenants"). */
export type DianEnvironment = '1' | '2';
export const environments = { production: '1', habilitacion: '2' } as const satisfies Record<string, DianEnvironment>;

export type Address = {
  /** Street address without the city. */
  line: string;
  /** DANE municipality code (5 digits). */
  cityCode: string;
  postalZone?: string;
};

export type Tenant = {
  id: string;
  nit: string;
  dv: number;
  legalName: string;
  tradeName?: string;
  /** cbc:AdditionalAccountID: '1' persona jurídica, '2' persona natural. */
  personType: '1' | '2';
  /** Fiscal responsibilities, e.g. ['O-13', 'O-15']; ['R-99-PN'] for none. */
  taxLevelCodes: readonly string[];
  /** Party tax scheme: '01' IVA, '04' INC, 'ZA' IVA and INC, 'ZZ' not applicable. */
  taxScheme: '01' | '04' | 'ZA' | 'ZZ';
  address: Address;
  email?: string;
  /**
   * The reception e-mail the issuer registered at DIAN, written in the invoice's supplier Contact/ElectronicMail
   * (issuerEmailOf); absent: `email`.
   */
  receptionEmail?: string;
  phone?: string;
  /** Matrícula mercantil, printed in CorporateRegistrationScheme/Name when known. */
  mercantileRegistration?: string;
};

export type NumberingResolution = {
  id: string;
  /** sts:InvoiceAuthorization, e.g. 18760000001. */
  authorizationNumber: string;
  /** 0–4 letters or digits. */
  prefix: string;
  /** Range, as digit strings (up to 10 digits). */
  from: string;
  to: string;
  /** Validity, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** ClTec: lowercase hex as DIAN issues it. */
  technicalKey: string;
};

export type SoftwareRegistration = {
  /** sts:SoftwareID, the GUID DIAN assigned. */
  id: string;
  /** PIN chosen at registration; enters the SoftwareSecurityCode and every CUDE. */
  pin: string;
  /** Software provider NIT and DV (the tenant itself when it uses its own software). */
  providerNit: string;
  providerDv: number;
  /** Shown on the PDF. */
  providerName: string;
};

import type { DianEnvironment, NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import type { SigningCredential } from '@fe/xades';
import type { NoteNumbering } from '../notes/note-numbering.ts';
import type { ContingencySetting } from '../contingency/contingency-setting.ts';
import type { TacitAcceptanceSetting } from '../radian/tacit-acceptance-setting.ts';

/**
 * What every service needs about a tenant, never its certificate, password or keys. The software PIN (it enters the
 * SoftwareSecurityCode and CUDE) lives in memory only.
 */
export type TenantProfile = {
  tenant: Tenant;
  environment: DianEnvironment;
  software: SoftwareRegistration;
  /** Every resolution on file; the active one is used when a request names no prefix. */
  resolutions: readonly NumberingResolution[];
  activeResolutionId: string | undefined;
  /** True when a certificate is on file (its validity is checked when it is loaded). */
  hasCertificate: boolean;
  /** Credit and debit note numbering; absent: `defaultNoteNumbering` (read it with `noteNumberingOf`). */
  noteNumbering?: NoteNumbering | undefined;
  /** RADIAN's tacit acceptance (034); absent: 'offer' (read it with `tacitAcceptanceOf`). */
  tacitAcceptance?: TacitAcceptanceSetting | undefined;
  /** When invoices are type 04 (docs/contingency.md); absent: 'off' (read it with `contingencyOf`). */
  contingency?: ContingencySetting | undefined;
};

export type ApiKeyEnvironment = 'test' | 'live';

/**
 * The tenant registry the services read (docs/tenancy.md); the portal and the embedded start write it.
 *
 *   const credential = await tenants.credential(auth.tenantId);  // decrypted .p12, loaded once
 */
export interface TenantDirectory {
  /** Looks up an API key (hash lookup, constant-time compare); revoked or past-grace keys → undefined. */
  authenticate(apiKey: string): Promise<{ tenantId: string } | undefined>;
  profile(tenantId: string): Promise<TenantProfile | undefined>;
  /**
   * The tenant's signing credential, decrypted and loaded (cached per tenant). Throws XadesError
   * (CERT_EXPIRED, …) when the stored certificate no longer qualifies at `at`; undefined when none.
   */
  credential(tenantId: string, at: Date): Promise<SigningCredential | undefined>;
}

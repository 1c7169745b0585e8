import {
  parseNit,
  type DianEnvironment,
  type NumberingResolution,
  type SoftwareRegistration,
  type Tenant,
} from '@fe/dian-domain';
import { TenancyError } from '../errors.ts';
import type { NoteNumbering } from '../notes/note-numbering.ts';
import { isTacitAcceptanceSetting, type TacitAcceptanceSetting } from '../radian/tacit-acceptance-setting.ts';
import { isContingencySetting, type ContingencySetting } from '../contingency/contingency-setting.ts';

/** What onboarding (or the embedded start, for the demo tenant) registers. */
export type NewTenant = {
  tenant: Tenant;
  environment: DianEnvironment;
  software: SoftwareRegistration;
  resolutions: readonly NumberingResolution[];
  activeResolutionId?: string | undefined;
};

/** One change to a registered tenant (TenantRegistry.updateTenant); absent fields stay as they are. */
export type TenantUpdate = {
  tenant?: Tenant;
  software?: SoftwareRegistration;
  addResolution?: NumberingResolution;
  /** With addResolution: the new resolution becomes the one used when a request names no prefix. */
  activateResolution?: boolean;
  environment?: DianEnvironment;
  /**
   * The credit and debit note numbering (docs/notes.md, "Numbering"); checked against the tenant's invoice prefixes.
   */
  noteNumbering?: NoteNumbering;
  /** What the tenant's tacit acceptances (RADIAN 034) do: issued on their own, or offered (docs/radian.md). */
  tacitAcceptance?: TacitAcceptanceSetting;
  /** When the tenant's invoices are contingency invoices, type 04 (docs/contingency.md). */
  contingency?: ContingencySetting;
};

const TENANT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The consistency a registry checks on its own (ids safe in stream names and URLs, NIT DVs, resolutions); field
 * formats are the onboarding schema's job.
 */
export function checkNewTenant(input: NewTenant): void {
  checkTenantId(input.tenant.id);
  if (input.environment !== '1' && input.environment !== '2') throw new TenancyError('TENANT_INVALID', 'environment');
  checkNit(input.tenant.nit, input.tenant.dv, 'tenant.nit');
  checkNit(input.software.providerNit, input.software.providerDv, 'software.providerNit');
  if (typeof input.software.pin !== 'string' || input.software.pin === '')
    throw new TenancyError('TENANT_INVALID', 'software.pin');
  const ids = input.resolutions.map((r) => r.id);
  if (ids.some((id) => !id) || new Set(ids).size !== ids.length)
    throw new TenancyError('TENANT_INVALID', 'resolution ids must be unique and non-empty');
  if (input.activeResolutionId !== undefined && !ids.includes(input.activeResolutionId)) {
    throw new TenancyError('TENANT_INVALID', 'activeResolutionId is not among the resolutions');
  }
}

/** What updateTenant can check before it reads the stored tenant. */
export function checkTenantUpdate(tenantId: string, update: TenantUpdate): void {
  checkTenantId(tenantId);
  if (update.tenant) {
    if (update.tenant.id !== tenantId)
      throw new TenancyError('TENANT_INVALID', 'tenant.id is not the tenant being updated');
    checkNit(update.tenant.nit, update.tenant.dv, 'tenant.nit');
  }
  if (update.software) {
    checkNit(update.software.providerNit, update.software.providerDv, 'software.providerNit');
    if (typeof update.software.pin !== 'string' || update.software.pin === '')
      throw new TenancyError('TENANT_INVALID', 'software.pin');
  }
  if (update.addResolution && !update.addResolution.id)
    throw new TenancyError('TENANT_INVALID', 'resolution id must be non-empty');
  if (update.environment !== undefined && update.environment !== '1' && update.environment !== '2')
    throw new TenancyError('TENANT_INVALID', 'environment');
  if (update.tacitAcceptance !== undefined && !isTacitAcceptanceSetting(update.tacitAcceptance))
    throw new TenancyError('TENANT_INVALID', 'tacitAcceptance: automatic or offer');
  if (update.contingency !== undefined && !isContingencySetting(update.contingency))
    throw new TenancyError('TENANT_INVALID', 'contingency: off, automatic or on');
}

export function checkTenantId(id: string): void {
  if (typeof id !== 'string' || !TENANT_ID.test(id)) throw new TenancyError('TENANT_ID_INVALID');
}

function checkNit(nit: string, dv: number, field: string): void {
  const parsed = parseNit(nit);
  if (!parsed.ok || parsed.value.dv !== dv)
    throw new TenancyError('TENANT_INVALID', `${field}: NIT and DV do not match`);
}

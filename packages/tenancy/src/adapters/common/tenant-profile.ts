import { isContingencySetting } from '../../contingency/contingency-setting.ts';
import { isTacitAcceptanceSetting } from '../../radian/tacit-acceptance-setting.ts';
import type { DianEnvironment, NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import { checkNoteNumbering, defaultNoteNumbering, type NoteNumbering } from '../../notes/note-numbering.ts';
import type { TenantProfile } from '../../ports/tenant-directory.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { openSoftware } from './sealed-secrets.ts';

const PROFILE_CACHE_MS = 1000;

/**
 * Profiles are read for every invoice, so kept PROFILE_CACHE_MS; another process's change shows within that, the
 * registry's own writes at once.
 */
export class ProfileCache {
  private readonly profiles = new Map<string, { at: number; profile: TenantProfile | undefined }>();

  async get(tenantId: string, read: () => Promise<TenantProfile | undefined>): Promise<TenantProfile | undefined> {
    const now = Date.now();
    const cached = this.profiles.get(tenantId);
    if (cached && now - cached.at < PROFILE_CACHE_MS) return cached.profile;
    const profile = await read();
    this.profiles.set(tenantId, { at: now, profile });
    return profile;
  }

  /**
   * One tenant's profile, or every one (a certificate upload: after the write, so a read during it cannot keep the old
   * one).
   */
  forget(tenantId?: string): void {
    if (tenantId === undefined) this.profiles.clear();
    else this.profiles.delete(tenantId);
  }
}

/** A tenant's stored parts, as every adapter reads them (JSON already parsed). */
export type StoredTenant = {
  id: string;
  environment: string;
  tenant: Tenant;
  publicSoftware: Omit<SoftwareRegistration, 'pin'>;
  sealedPin: Uint8Array | null;
  activeResolutionId: string | null;
  /** Null: the defaults (docs/notes.md, "Numbering"). */
  noteNumbering?: NoteNumbering | null;
  /** Null: the default, 'offer'. */
  tacitAcceptance?: string | null;
  /** Null: the default, 'off'. */
  contingency?: string | null;
};

/** The profile services read, with the software PIN opened (SECRET_UNREADABLE with another master key). */
export function tenantProfile(
  box: SecretBox,
  stored: StoredTenant,
  resolutions: NumberingResolution[],
  hasCertificate: boolean,
): TenantProfile {
  return {
    tenant: stored.tenant,
    environment: stored.environment as DianEnvironment,
    software: openSoftware(box, stored.id, stored.publicSoftware, stored.sealedPin),
    resolutions,
    activeResolutionId: stored.activeResolutionId ?? undefined,
    hasCertificate,
    ...(stored.noteNumbering ? { noteNumbering: stored.noteNumbering } : {}),
    ...(stored.tacitAcceptance && isTacitAcceptanceSetting(stored.tacitAcceptance)
      ? { tacitAcceptance: stored.tacitAcceptance }
      : {}),
    ...(stored.contingency && isContingencySetting(stored.contingency) ? { contingency: stored.contingency } : {}),
  };
}

/**
 * The numbering an update leaves in force, checked against the invoice prefixes it leaves (a new
 * resolution may not take a note prefix either); undefined when the update touches neither.
 */
export function noteNumberingAfter(
  update: { noteNumbering?: NoteNumbering; addResolution?: NumberingResolution },
  stored: NoteNumbering | null,
  invoicePrefixes: readonly string[],
): NoteNumbering | undefined {
  if (!update.noteNumbering && !update.addResolution) return undefined;
  const numbering = update.noteNumbering ?? stored ?? defaultNoteNumbering;
  checkNoteNumbering(numbering, [...invoicePrefixes, ...(update.addResolution ? [update.addResolution.prefix] : [])]);
  return update.noteNumbering;
}

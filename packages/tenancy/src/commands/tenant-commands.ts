import { randomUUID } from 'node:crypto';
import type { TenantChange, TenantChangedV1 } from '@fe/contracts';
import type { NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import type { Clock, EventStore } from '@fe/platform';
import { TenancyError } from '../errors.ts';
import type { CertificateSummary, TenantRegistry } from '../ports/tenant-registry.ts';
import type { TenantProfile } from '../ports/tenant-directory.ts';
import { noteNumberingOf, type NoteNumbering } from '../notes/note-numbering.ts';
import { contingencyOf, type ContingencySetting } from '../contingency/contingency-setting.ts';
import { tacitAcceptanceOf, type TacitAcceptanceSetting } from '../radian/tacit-acceptance-setting.ts';
import type { NewTenant } from '../tenants/new-tenant.ts';

/** The event-store stream holding one tenant's audit events (published on fe.tenant.events.v1). */
export const tenantStreamName = (tenantId: string): string => `tenant-${tenantId}`;

export type TenantCommandsPorts = { registry: TenantRegistry; events: EventStore; clock: Clock };

/** Who made a change: 'cli', or 'portal:<account email>'. */
export type Actor = string;

type Details = TenantChangedV1['data']['details'];

/**
 * Every tenant change, for the CLI and the portal: write the registry, then append a TenantChanged audit
 * event, so the audit never records a refused change.
 *
 *   await createTenantCommands({ registry, events, clock }).rotateApiKey('acme', 'portal:ana@acme.co');
 */
export function createTenantCommands(ports: TenantCommandsPorts) {
  const { registry, events, clock } = ports;

  /** The tenant's profile; TENANT_NOT_FOUND when there is none. */
  async function profileOf(tenantId: string): Promise<TenantProfile> {
    const profile = await registry.profile(tenantId);
    if (!profile) throw new TenancyError('TENANT_NOT_FOUND', tenantId);
    return profile;
  }

  async function audit(tenantId: string, change: TenantChange, actor: Actor, details: Details = {}): Promise<void> {
    const id = randomUUID();
    const event: TenantChangedV1 = {
      id,
      type: 'TenantChanged',
      version: 1,
      occurred_at: clock.now().toISOString(),
      tenant_id: tenantId,
      correlation_id: id,
      causation_id: id,
      data: { change, actor, details },
    };
    await events.append(tenantStreamName(tenantId), [event], 'any');
  }

  async function history(tenantId: string): Promise<TenantChangedV1[]> {
    const { events: recorded } = await events.read(tenantStreamName(tenantId));
    return recorded.map((r) => r.envelope as TenantChangedV1).filter((e) => e.type === 'TenantChanged');
  }

  return {
    history,

    async createTenant(input: NewTenant, actor: Actor): Promise<void> {
      await registry.createTenant(input);
      await audit(input.tenant.id, 'TenantCreated', actor, {
        nit: input.tenant.nit,
        legal_name: input.tenant.legalName,
        environment: input.environment,
      });
    },

    async updateCompany(tenantId: string, tenant: Tenant, actor: Actor): Promise<void> {
      await registry.updateTenant(tenantId, { tenant });
      await audit(tenantId, 'CompanyUpdated', actor, {
        nit: tenant.nit,
        dv: tenant.dv,
        legal_name: tenant.legalName,
        city_code: tenant.address.cityCode,
        ...(tenant.receptionEmail ? { reception_email: tenant.receptionEmail } : {}),
      });
    },

    /**
     * Refused with @fe/xades's codes (P12_WRONG_PASSWORD, CERT_EXPIRED, …); the password goes nowhere but the sealed
     * row.
     */
    async storeCertificate(
      tenantId: string,
      p12: Uint8Array,
      password: string,
      actor: Actor,
    ): Promise<CertificateSummary> {
      const summary = await registry.storeCertificate(tenantId, p12, password, clock.now());
      await audit(tenantId, 'CertificateStored', actor, certificateDetails(summary));
      return summary;
    },

    /**
     * A certificate for the tenant's own NIT from the local test CA (`issue`), stored as its signing certificate; in
     * habilitación only (TEST_CERTIFICATE_IN_PRODUCTION), and recorded as a test certificate.
     */
    async storeTestCertificate(
      tenantId: string,
      issue: (owner: Pick<Tenant, 'nit' | 'legalName'>) => Promise<{ p12: Uint8Array; password: string }>,
      actor: Actor,
    ): Promise<CertificateSummary> {
      const profile = await profileOf(tenantId);
      if (profile.environment === '1') throw new TenancyError('TEST_CERTIFICATE_IN_PRODUCTION', tenantId);
      const { p12, password } = await issue(profile.tenant);
      const summary = await registry.storeCertificate(tenantId, p12, password, clock.now());
      await audit(tenantId, 'CertificateStored', actor, { ...certificateDetails(summary), test_certificate: true });
      return summary;
    },

    async setSoftware(tenantId: string, software: SoftwareRegistration, actor: Actor): Promise<void> {
      await registry.updateTenant(tenantId, { software });
      await audit(tenantId, 'SoftwareSet', actor, { software_id: software.id, provider_nit: software.providerNit });
    },

    async addResolution(
      tenantId: string,
      resolution: NumberingResolution,
      activate: boolean,
      actor: Actor,
    ): Promise<void> {
      await registry.updateTenant(tenantId, { addResolution: resolution, activateResolution: activate });
      await audit(tenantId, 'ResolutionAdded', actor, {
        resolution_id: resolution.id,
        authorization_number: resolution.authorizationNumber,
        prefix: resolution.prefix,
        from: resolution.from,
        to: resolution.to,
        active: activate,
      });
    },

    /**
     * The credit and debit note numbering (docs/notes.md, "Numbering"); TENANT_INVALID when a prefix is an invoice
     * prefix or the two are equal.
     */
    async setNoteNumbering(tenantId: string, numbering: NoteNumbering, actor: Actor): Promise<void> {
      await registry.updateTenant(tenantId, { noteNumbering: numbering });
      await audit(tenantId, 'NoteNumberingSet', actor, {
        credit_prefix: numbering.credit.prefix,
        credit_from: numbering.credit.from,
        credit_to: numbering.credit.to,
        debit_prefix: numbering.debit.prefix,
        debit_from: numbering.debit.from,
        debit_to: numbering.debit.to,
      });
    },

    /**
     * What the tenant's RADIAN tacit acceptances (034) do (docs/radian.md). Audited as CompanyUpdated with
     * `details.tacit_acceptance`: a change kind of its own would be a new value of TenantChanged.v1's enum, which the
     * registry refuses as incompatible (docs/choices.md, "The tacit acceptance setting").
     */
    async setTacitAcceptance(tenantId: string, setting: TacitAcceptanceSetting, actor: Actor): Promise<void> {
      await registry.updateTenant(tenantId, { tacitAcceptance: setting });
      await audit(tenantId, 'CompanyUpdated', actor, { setting: 'tacit_acceptance', tacit_acceptance: setting });
    },

    /** The tacit acceptance setting in force: the tenant's own, or 'offer'. TENANT_NOT_FOUND. */
    async tacitAcceptance(tenantId: string): Promise<TacitAcceptanceSetting> {
      return tacitAcceptanceOf(await profileOf(tenantId));
    },

    /** When the tenant's invoices are contingency invoices, type 04 (docs/contingency.md); audited as the above. */
    async setContingency(tenantId: string, setting: ContingencySetting, actor: Actor): Promise<void> {
      await registry.updateTenant(tenantId, { contingency: setting });
      await audit(tenantId, 'CompanyUpdated', actor, { setting: 'contingency', contingency: setting });
    },

    /** The contingency setting in force: the tenant's own, or 'off'. TENANT_NOT_FOUND. */
    contingency: async (tenantId: string): Promise<ContingencySetting> => contingencyOf(await profileOf(tenantId)),

    /** The numbering in force: the tenant's own, or the defaults. TENANT_NOT_FOUND. */
    async noteNumbering(tenantId: string): Promise<NoteNumbering> {
      const profile = await profileOf(tenantId);
      return noteNumberingOf(profile);
    },

    /** The first key (shown once, and later in Settings); API_KEY_EXISTS when there is one. */
    async issueApiKey(tenantId: string, actor: Actor): Promise<string> {
      const apiKey = await registry.issueApiKey(tenantId);
      await audit(tenantId, 'ApiKeyIssued', actor, { environment: apiKey.startsWith('fe_live_') ? 'live' : 'test' });
      return apiKey;
    },

    /** A new key; the previous one authenticates until `previousValidUntil`. */
    async rotateApiKey(
      tenantId: string,
      actor: Actor,
      graceHours = 24,
    ): Promise<{ apiKey: string; previousValidUntil: Date }> {
      const now = clock.now();
      const apiKey = await registry.rotateApiKey(tenantId, now, graceHours);
      const previousValidUntil = new Date(now.getTime() + graceHours * 3_600_000);
      await audit(tenantId, 'ApiKeyRotated', actor, {
        grace_hours: graceHours,
        previous_valid_until: previousValidUntil.toISOString(),
      });
      return { apiKey, previousValidUntil };
    },

    /** Ends every key at once (a leaked key); returns how many were live. A new one is issued with issueApiKey. */
    async revokeApiKeys(tenantId: string, actor: Actor): Promise<number> {
      const revoked = await registry.revokeApiKey(tenantId, clock.now());
      await audit(tenantId, 'ApiKeysRevoked', actor, { revoked });
      return revoked;
    },

    /** Recorded by whoever followed the habilitación test set to DIAN's acceptance. */
    async recordTestSetPassed(
      tenantId: string,
      actor: Actor,
      details: { testSetId: string; accepted: number },
    ): Promise<void> {
      if (!(await registry.tenantExists(tenantId))) throw new TenancyError('TENANT_NOT_FOUND', tenantId);
      await audit(tenantId, 'TestSetPassed', actor, { test_set_id: details.testSetId, accepted: details.accepted });
    },

    async testSetPassed(tenantId: string): Promise<boolean> {
      return (await history(tenantId)).some((event) => event.data.change === 'TestSetPassed');
    },

    /**
     * Habilitación → production, only once the test set passed (TEST_SET_NOT_PASSED): the fe_test_
     * keys end at once and a fe_live_ key is issued and returned (a test key must never sign for real).
     */
    async switchToProduction(tenantId: string, actor: Actor): Promise<string> {
      const profile = await profileOf(tenantId);
      if (profile.environment === '1') throw new TenancyError('ALREADY_IN_PRODUCTION', tenantId);
      if (!(await this.testSetPassed(tenantId))) throw new TenancyError('TEST_SET_NOT_PASSED', tenantId);
      await registry.updateTenant(tenantId, { environment: '1' });
      await registry.revokeApiKey(tenantId, clock.now());
      const apiKey = await registry.issueApiKey(tenantId, 'live');
      await audit(tenantId, 'SwitchedToProduction', actor, { environment: '1' });
      return apiKey;
    },
  };
}

export type TenantCommands = ReturnType<typeof createTenantCommands>;

/** What the audit keeps of a stored certificate: its public data. */
function certificateDetails(summary: CertificateSummary): Details {
  return {
    subject: summary.subjectName,
    issuer: summary.issuerName,
    serial_number: summary.serialNumber,
    not_before: summary.notBefore.toISOString(),
    not_after: summary.notAfter.toISOString(),
  };
}

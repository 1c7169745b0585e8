import type { TenantProfile } from '@fe/tenancy';
import type { Account } from '../ports/account-store.ts';
import type { PortalDeps } from '../portal-deps.ts';

export const steps = [
  { key: 'company', label: 'Empresa', path: '/admin/onboarding/company' },
  { key: 'software', label: 'Software DIAN', path: '/admin/onboarding/software' },
  { key: 'certificate', label: 'Certificado', path: '/admin/onboarding/certificate' },
  { key: 'resolution', label: 'Numeración', path: '/admin/onboarding/resolution' },
  { key: 'testSet', label: 'Set de pruebas', path: '/admin/onboarding/test-set' },
] as const;

export type StepKey = (typeof steps)[number]['key'];

export type OnboardingState = {
  profile: TenantProfile | undefined;
  done: Record<StepKey, boolean>;
  next: (typeof steps)[number] | undefined;
};

/** Where an account stands, read from the registry and the tenant's audit events (nothing kept twice). */
export async function onboardingState(deps: PortalDeps, account: Account): Promise<OnboardingState> {
  const profile = await deps.registry.profile(account.tenantId);
  const done: Record<StepKey, boolean> = {
    company: Boolean(profile || account.companyDraft),
    software: Boolean(profile),
    certificate: Boolean(profile?.hasCertificate),
    resolution: (profile?.resolutions.length ?? 0) > 0,
    testSet: profile ? await deps.commands.testSetPassed(account.tenantId) : false,
  };
  return { profile, done, next: steps.find((step) => !done[step.key]) };
}

export const actorOf = (account: Account): string => `portal:${account.email}`;

import type { SoftwareRegistration } from '@fe/dian-domain';
import type { ChainCertificate } from '@fe/xades';
import { apiKeyEnvironment, hashApiKey, sameApiKeyHash } from '../../api-keys/api-key.ts';
import { TenancyError } from '../../errors.ts';
import type { CertificateSummary } from '../../ports/tenant-registry.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { secretContext } from './secret-context.ts';

/**
 * Sealing and opening the registry's secrets once for every adapter, so a row written by one adapter opens with
 * another's code under the same master key.
 */

/** The software registration without its PIN (what is stored in the clear), and the PIN sealed. */
export function sealSoftware(
  box: SecretBox,
  tenantId: string,
  software: SoftwareRegistration,
): { publicSoftware: Omit<SoftwareRegistration, 'pin'>; sealedPin: Buffer } {
  const { pin, ...publicSoftware } = software; // the PIN is a secret: sealed, never in the JSON
  return { publicSoftware, sealedPin: box.seal(pin, secretContext.softwarePin(tenantId)) };
}

/** The registration with its PIN opened (SECRET_UNREADABLE with another master key, or none stored). */
export function openSoftware(
  box: SecretBox,
  tenantId: string,
  publicSoftware: Omit<SoftwareRegistration, 'pin'>,
  sealedPin: Uint8Array | null,
): SoftwareRegistration {
  if (!sealedPin) throw new TenancyError('SECRET_UNREADABLE', 'no software PIN');
  return { ...publicSoftware, pin: box.open(sealedPin, secretContext.softwarePin(tenantId)).toString('utf8') };
}

export type SealedCertificate = { generation: number; sealedP12: Uint8Array; sealedPassword: Uint8Array };

export function sealCertificate(
  box: SecretBox,
  tenantId: string,
  generation: number,
  p12: Uint8Array,
  password: string,
): SealedCertificate {
  return {
    generation,
    sealedP12: box.seal(p12, secretContext.p12(tenantId, generation)),
    sealedPassword: box.seal(password, secretContext.p12Password(tenantId, generation)),
  };
}

export function openCertificate(
  box: SecretBox,
  tenantId: string,
  sealed: SealedCertificate,
): { p12: Buffer; password: string } {
  return {
    p12: box.open(sealed.sealedP12, secretContext.p12(tenantId, sealed.generation)),
    password: box.open(sealed.sealedPassword, secretContext.p12Password(tenantId, sealed.generation)).toString('utf8'),
  };
}

/** The copy of an API key shown again in Settings; the key itself is looked up by `hash`. */
export function sealApiKey(box: SecretBox, tenantId: string, key: string, hash: string): Buffer {
  return box.seal(key, secretContext.apiKey(tenantId, hash));
}

/** The current key in plaintext; SECRET_UNREADABLE when it does not open or does not hash to its row. */
export function openApiKey(box: SecretBox, tenantId: string, hash: string, sealed: Uint8Array): string {
  const key = box.open(sealed, secretContext.apiKey(tenantId, hash)).toString('utf8');
  // A sealed copy that does not hash to its row was not written by issue/rotate.
  if (!sameApiKeyHash(hashApiKey(key), hash) || !apiKeyEnvironment(key)) throw new TenancyError('SECRET_UNREADABLE');
  return key;
}

/** What the admin portal shows after an upload: the leaf's public data only. */
export function certificateSummary(leaf: ChainCertificate): CertificateSummary {
  return {
    subjectName: leaf.subjectName,
    issuerName: leaf.issuerName,
    serialNumber: leaf.serialNumber,
    notBefore: leaf.notBefore,
    notAfter: leaf.notAfter,
  };
}

/**
 * Whose certificate a tenant may sign with (DIAN rule ZE03): its own, or its technology
 * provider's when it uses a provider's software.
 */
export function certificateOwners(tenant: { nit: string }, software: { providerNit: string }): string[] {
  return [tenant.nit, software.providerNit];
}

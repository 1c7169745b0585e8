import type { DocumentRequested } from '@fe/platform';
import {
  assertCertificateOfIssuer,
  isXadesError,
  type DigestAlgorithm,
  type SigningCredential,
  type XadesErrorCode,
} from '@fe/xades';
import { isSignerError, SignerError } from '../errors.ts';
import type { XmlSigner } from '../ports/xml-signer.ts';
import { rebuildNote } from '../on-note-requested/rebuild-note.ts';
import { rebuildInvoice } from './rebuild-invoice.ts';
import type { SigningProfile, SigningTenants } from './signing-tenants.ts';

export type SignedInvoice = { xml: string; signingTime: string; serialNumber: string };

/**
 * Rebuilds the recorded document and signs it at the issue instant (FAD09e). Signature ids derive from the event id
 * and RSA PKCS#1 v1.5 is deterministic, so a race loser overwrites the blob with the very same bytes.
 */
export async function signRequested(
  requested: DocumentRequested,
  ports: { tenants: SigningTenants; signer: XmlSigner },
  algorithm: DigestAlgorithm,
): Promise<SignedInvoice> {
  const profile = await ports.tenants.profile(requested.tenant_id);
  if (!profile) throw new SignerError('TENANT_UNKNOWN', `tenant ${requested.tenant_id}`);
  const built = rebuildDocument(requested, profile);

  const issuedAt = new Date(requested.data.issued_at);
  const credential = await credentialAt(ports.tenants, requested.tenant_id, issuedAt);
  try {
    // ZE03 again before each signature: the certificate was checked at upload, but the tenant's
    // declared technology provider may have changed since.
    assertCertificateOfIssuer(credential.chain[0], [profile.tenant.nit, profile.software.providerNit]);
    const signed = await ports.signer.sign(built.xml, credential, {
      signingTime: issuedAt,
      algorithm,
      uuid: requested.id,
    });
    return { xml: signed.xml, signingTime: signed.signingTime, serialNumber: credential.chain[0].serialNumber };
  } catch (error) {
    throw unusable(error);
  }
}

/** The unsigned document the recorded first event describes; XAdES is the same for the three roots. */
function rebuildDocument(requested: DocumentRequested, profile: SigningProfile): { xml: string } {
  return requested.type === 'InvoiceRequested'
    ? rebuildInvoice(requested.data, profile)
    : rebuildNote(requested, profile);
}

async function credentialAt(tenants: SigningTenants, tenantId: string, at: Date): Promise<SigningCredential> {
  let credential: SigningCredential | undefined;
  try {
    credential = await tenants.credential(tenantId, at);
  } catch (error) {
    // The directory's own final failures (a stored secret it cannot decrypt, …) are credential
    // problems too; a retriable one (its store is down) is passed on for the bus to retry.
    if (!isSignerError(error) && !isXadesError(error) && hasFinalCode(error)) {
      throw new SignerError('CREDENTIAL_UNUSABLE', error.code, { cause: error, causeCode: error.code });
    }
    throw unusable(error);
  }
  if (!credential) throw new SignerError('CREDENTIAL_MISSING', `tenant ${tenantId}`);
  return credential;
}

// Failures of the .p12 or its certificate: the issue instant is fixed, so retrying cannot help.
const CREDENTIAL_CODES: ReadonlySet<XadesErrorCode> = new Set([
  'P12_UNREADABLE',
  'P12_WRONG_PASSWORD',
  'P12_NO_PRIVATE_KEY',
  'P12_NO_CERTIFICATE',
  'CERT_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_NO_DIGITAL_SIGNATURE',
  'CERT_NO_NON_REPUDIATION',
  'CERT_KEY_TOO_SMALL',
  'CERT_NOT_ISSUERS',
]);

const hasFinalCode = (error: unknown): error is { code: string; retriable: false } =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string' &&
  (error as { retriable?: unknown }).retriable === false;

/**
 * A credential failure becomes CREDENTIAL_UNUSABLE keeping its code (a revoked one CREDENTIAL_REVOKED), never its
 * secret; anything else passes on unchanged with its own `retriable`.
 */
function unusable(error: unknown): unknown {
  // Its own code, so the invoice's processing_error names it (DIAN would answer ZD04).
  if (isXadesError(error) && error.code === 'CERT_REVOKED')
    return new SignerError('CREDENTIAL_REVOKED', error.code, { cause: error, causeCode: error.code });
  if (!isXadesError(error) || !CREDENTIAL_CODES.has(error.code)) return error;
  return new SignerError('CREDENTIAL_UNUSABLE', error.code, { cause: error, causeCode: error.code });
}

import type { BlobStore, Clock, DocumentState } from '@fe/platform';
import { isXadesError } from '@fe/xades';
import type { TenantDirectory } from '@fe/tenancy';
import {
  allocateDocumentNames,
  isDianClientError,
  type GatewayCache,
  packageDocumentOffThread,
  readDocumentFacts,
  recordedDocumentFacts,
  type DianFileNames,
  type DianGateway,
  type DianZip,
  type FileCounter,
} from '@fe/dian-client';
import { applicationResponseKey } from './application-response.ts';
import { clientFailure, serviceFailure, type AttemptFailure } from './failure-reasons.ts';
import { failed, type Recorded } from './outcomes.ts';
import type { RetryPolicy } from './retry-policy.ts';

export type PreparedAttempt = {
  kind: 'ready';
  tenantId: string;
  gateway: DianGateway;
  zip: DianZip;
  /** The zip's and the XML's names, the same on every attempt (the file counter keeps them per document). */
  files: DianFileNames;
  trackId: string;
  /** The endpoint as events show it: no user or password, ever. */
  endpoint: string;
  /** The tenant's environment: '2' habilitación, '1' production. */
  environment: '1' | '2';
  applicationResponseKey: string;
};

type Deps = {
  blobs: BlobStore;
  tenants: TenantDirectory;
  clock: Clock;
  gateways: GatewayCache;
  endpoints: { habilitacion: string; production: string };
  fileCounter: FileCounter;
};

/**
 * Everything an attempt needs before the first byte goes to DIAN: the tenant's environment (which
 * endpoint), its credential (WS-Security), the signed XML the signer stored (`xml_key`), zipped
 * untouched under DIAN's names. A tenant or document that cannot be sent is a final failure of the
 * attempt; a store that does not answer throws, and the trigger is retried.
 */
export async function prepareAttempt(
  deps: Deps,
  state: DocumentState,
  context: {
    invoiceId: string;
    attempt: number;
    now: Date;
    policy: RetryPolicy;
    random: number;
    reconciling: boolean;
  },
): Promise<PreparedAttempt | Recorded> {
  // Failing before DIAN is asked anything leaves an earlier send's outcome as unknown as it was.
  const fail = (failure: AttemptFailure): Recorded => ({
    kind: 'record',
    events: [failed({ ...failure, outcomeUnknown: failure.outcomeUnknown || context.reconciling }, context)],
  });
  const { signed } = state;
  if (!signed) throw new Error('prepareAttempt needs a signed invoice');
  const tenantId = signed.tenant_id;

  const profile = await deps.tenants.profile(tenantId);
  if (!profile) return fail(serviceFailure('TENANT_UNKNOWN'));
  const endpoint = profile.environment === '1' ? deps.endpoints.production : deps.endpoints.habilitacion;
  let credential;
  try {
    credential = await deps.tenants.credential(tenantId, context.now);
  } catch (error) {
    // @fe/xades's codes (CERT_EXPIRED, …) say what is wrong without saying anything secret.
    if (isXadesError(error)) return fail(serviceFailure('CREDENTIAL_INVALID', { detail: error.code }));
    throw error;
  }
  if (!credential) return fail(serviceFailure('CREDENTIAL_MISSING'));

  // The stored bytes go into the zip as they are; only a document without recorded facts is decoded, to read them.
  const xml = (await deps.blobs.get(signed.data.xml_key)).bytes;
  try {
    const facts =
      recordedDocumentFacts(state.requested ? [state.requested] : [], profile.tenant.nit) ??
      readDocumentFacts(Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('utf8'));
    // Owned by the document's stream: a retry, a reconciliation or another instance gets the same two names.
    const files = await allocateDocumentNames(deps.fileCounter, {
      nit: facts.issuerNit,
      type: facts.type,
      year: Number(facts.issueDate.slice(0, 4)),
      owner: context.invoiceId,
    });
    const packaged = await packageDocumentOffThread(xml, { modified: context.now, names: files, facts });
    return {
      kind: 'ready',
      tenantId,
      gateway: deps.gateways.forTenant(tenantId, endpoint, credential),
      zip: packaged.zip,
      files,
      trackId: packaged.facts.documentKey,
      endpoint: withoutUserInfo(endpoint),
      environment: profile.environment === '1' ? '1' : '2',
      applicationResponseKey: applicationResponseKey(tenantId, packaged.facts.id),
    };
  } catch (error) {
    // DOCUMENT_INVALID, INSECURE_ENDPOINT, ENDPOINT_INVALID: retrying the same input cannot help.
    if (isDianClientError(error)) return fail(clientFailure(error, false));
    throw error;
  }
}

function withoutUserInfo(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return endpoint; // not a URL: the client refuses it, and the text names no credential
  }
}

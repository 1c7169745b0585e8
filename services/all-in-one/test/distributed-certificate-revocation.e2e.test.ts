/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// A revoked certificate across processes: the demo tenant's certificate is replaced by one of a real local CA
// (openssl ca, its CRL and OCSP on loopback) on the simulator process's trust list. A revoked one is
// refused at upload; a good one signs (signer process), is sent (submitter process) and accepted; once its CA revokes
// it, the ingress processes refuse the next invoice with CERT_REVOKED and the readiness check says why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addToTrustFolder, TRUST_FOLDER } from '@fe/dian-simulator';
import { demoTenant } from '@fe/dian-domain';
import { XadesError } from '@fe/xades';
import { startRevocationCa, type RevocationCa } from '@fe/xades/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { exampleRequest } from '../test-support/world.ts';

let shape: DistributedShape;
let caDir: string;
let ca: RevocationCa;
beforeAll(async () => {
  caDir = mkdtempSync(join(tmpdir(), 'fe-e2e-distributed-revocation-'));
  ca = await startRevocationCa(caDir);
  const env = { FE_CERTIFICATE_REVOCATION_CACHE_SECONDS: '1', FE_CERTIFICATE_REVOCATION_LOCAL_URLS: 'allow' };
  Object.assign(process.env, env); // this process's registry (the shape's) asks the CA on loopback too
  shape = await startDistributedShape({ env });
}, 300_000);
afterAll(async () => {
  await shape?.close();
  await ca?.stop();
  if (caDir) rmSync(caDir, { recursive: true, force: true });
});

describe('a certificate its CA revokes, in the distributed shape', { timeout: 120_000 }, () => {
  it('is refused at upload, signs and is accepted while good, and is refused by every ingress once revoked', async () => {
    addToTrustFolder(join(shape.dataDir, TRUST_FOLDER), ca.caPem); // as `trust add --data-dir` does
    const revoked = ca.issue('ya-revocado', demoTenant.nit);
    ca.revoke(revoked.serialHex);
    const refused = await shape.registry.storeCertificate('demo', revoked.p12, revoked.password, new Date()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(XadesError);
    expect((refused as XadesError).code).toBe('CERT_REVOKED');

    const good = ca.issue('vigente', demoTenant.nit);
    await shape.registry.storeCertificate('demo', good.p12, good.password, new Date());
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the stored generation, believed for a second
    const issued = await shape.post(exampleRequest);
    expect([issued.status, issued.body.status], issued.text).toEqual([201, 'accepted']);

    ca.revoke(good.serialHex);
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // the kept answer (1 s here) ends
    for (const url of [shape.url, shape.secondUrl]) {
      const answer = await fetch(`${url}/api/v1/service/invoice`, {
        method: 'POST',
        headers: { authorization: `Bearer ${shape.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(exampleRequest),
      });
      const body = (await answer.json()) as any;
      expect([answer.status, body.error.code], url).toEqual([403, 'TENANT_NOT_READY']);
      expect(body.error.details[0].message).toContain('CERT_REVOKED');
    }
    const readiness = await shape.get('/api/v1/service/tenant/readiness');
    expect(readiness.body).toMatchObject({ status: 'not_ready' });
    expect(readiness.body.missing.join(' ')).toContain('CERT_REVOKED');
  });
});

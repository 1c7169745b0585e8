import { afterAll, describe, expect, it } from 'vitest';
import { buildWithLines, makeTestIdentity } from '@fe/xades/testing';
import { loadP12, verifySignedInvoice } from '@fe/xades';
import { createInProcessSigner } from './in-process-signer.ts';
import { createSignerPool } from './signer-pool.ts';

const issuedAt = new Date('2026-06-01T15:00:00.000Z');
const identity = makeTestIdentity();
const credential = loadP12(identity.p12, identity.password, issuedAt);
const pool = createSignerPool({ size: 2 });
afterAll(() => pool.close());

describe('createSignerPool', () => {
  it('signs concurrently on worker threads while the event loop keeps turning', async () => {
    const big = buildWithLines(500, issuedAt).xml;
    let ticks = 0;
    let done = false;
    const spin = () => {
      ticks++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    const results = await Promise.all(
      [big, big, big].map((xml) => pool.sign(xml, credential, { signingTime: issuedAt })),
    );
    done = true;
    expect(ticks).toBeGreaterThan(1);
    for (const r of results) expect(verifySignedInvoice(r.xml).valid).toBe(true);
    expect(new Set(results.map((r) => r.signatureId)).size).toBe(3);
  });

  it('gives the same bytes as the in-process signer for the same uuid', async () => {
    const xml = buildWithLines(5, issuedAt).xml;
    const options = { signingTime: issuedAt, uuid: '6c1f0b2e-3f49-4c43-a3c8-1f0e6f7d2a11' };
    const inProcess = createInProcessSigner().signSync(xml, credential, options);
    expect((await pool.sign(xml, credential, options)).xml).toBe(inProcess.xml);
  });

  it('carries error codes across the thread boundary', async () => {
    await expect(pool.sign('<x/>', credential, { signingTime: issuedAt })).rejects.toMatchObject({
      code: 'XML_NO_SIGNATURE_SLOT',
    });
  });

  it('rejects work after close with POOL_CLOSED', async () => {
    const other = createSignerPool({ size: 1 });
    await other.close();
    await expect(other.sign('<x/>', credential, { signingTime: issuedAt })).rejects.toMatchObject({
      code: 'POOL_CLOSED',
    });
  });
});

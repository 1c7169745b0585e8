// Random Unicode in every text field of the request: either ingress answers a 4xx before the
// invoice is numbered, or the invoice is signed and its signature and CUFE verify (fe verify's
// engine here; xmlsec1 in text-fuzz.int.test.ts). A fixed seed keeps CI repeatable; a second run
// takes a random seed, which fast-check prints with the counterexample when it fails.
import { verifySignedInvoice } from '@fe/xades';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleBody, fuzzedRequest, fuzzPipeline } from '../test-support/text-fuzz.ts';

let pipeline: Awaited<ReturnType<typeof fuzzPipeline>>;
beforeAll(async () => void (pipeline = await fuzzPipeline()));
afterAll(() => pipeline?.close());

const property = fc.asyncProperty(fuzzedRequest, async ({ body }) => {
  const outcome = await pipeline.run(body);
  if (outcome.kind === 'refused') {
    expect(outcome.status).toBeGreaterThanOrEqual(400);
    expect(outcome.status).toBeLessThan(500);
    return;
  }
  const report = verifySignedInvoice(outcome.xml, { trustedPem: pipeline.caPem, technicalKey: pipeline.technicalKey });
  expect(report.checks.filter((c) => c.ok === false)).toEqual([]);
});

describe('random Unicode in every text field: a 4xx before numbering, or a verified signed invoice', () => {
  it("the review's case: a lone surrogate in the customer name is VALIDATION_ERROR", async () => {
    const body = exampleBody();
    body.customer.name = 'Cliente \ud800';
    expect(await pipeline.run(body)).toMatchObject({ kind: 'refused', code: 'VALIDATION_ERROR', status: 400 });
  });

  it('fixed seed', async () => {
    await fc.assert(property, { seed: 20261126, numRuns: 300 });
  });

  it('random seed (printed on failure)', async () => {
    await fc.assert(property, { numRuns: 150 });
  });
});

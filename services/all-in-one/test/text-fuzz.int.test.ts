// The text fuzzer of text-fuzz.unit.test.ts with xmlsec1 as the judge: every request the fuzzer
// draws is a 4xx before numbering, or a signed invoice xmlsec1 verifies (all three references).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fuzzedRequest, fuzzPipeline } from '../test-support/text-fuzz.ts';

let pipeline: Awaited<ReturnType<typeof fuzzPipeline>>;
let dir: string;
beforeAll(async () => {
  pipeline = await fuzzPipeline();
  dir = mkdtempSync(join(tmpdir(), 'fe-text-fuzz-'));
  writeFileSync(join(dir, 'ca.pem'), pipeline.caPem);
});
afterAll(() => {
  pipeline?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('random Unicode in every text field: a 4xx before numbering, or an invoice xmlsec1 verifies', async () => {
  const seed = Number(process.env.FE_FUZZ_SEED ?? 20261126);
  let signed = 0;
  for (const [index, { body, changes }] of fc.sample(fuzzedRequest, { seed, numRuns: 120 }).entries()) {
    const outcome = await pipeline.run(body);
    if (outcome.kind === 'refused') {
      expect(outcome.status, JSON.stringify(changes)).toBeLessThan(500);
      continue;
    }
    signed++;
    const file = join(dir, `invoice-${index}.xml`);
    writeFileSync(file, outcome.xml);
    const r = spawnSync(
      'xmlsec1',
      [
        '--verify',
        '--id-attr:Id',
        'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
        '--id-attr:Id',
        'http://www.w3.org/2000/09/xmldsig#:KeyInfo',
        '--trusted-pem',
        join(dir, 'ca.pem'),
        file,
      ],
      { encoding: 'utf8' },
    );
    const output = `${r.stdout}${r.stderr}`;
    expect(
      r.status === 0 && /SignedInfo References \(ok\/all\): 3\/3/.test(output),
      `seed ${seed}, ${JSON.stringify(changes)}: ${output}`,
    ).toBe(true);
  }
  expect(signed).toBeGreaterThan(20); // the draw reaches the signer, not only refusals
});

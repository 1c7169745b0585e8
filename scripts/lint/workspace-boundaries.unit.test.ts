import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries between workspaces hold because a lint rule says so; this proves the rule bites,
// through the repository's own eslint.config.js (as packages/dian-domain/test/purity.int.test.ts does).
const root = new URL('../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });
const RULE = 'boundaries/workspace-imports';
const lint = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => m.ruleId ?? m.message);
};

describe('the workspace boundary rule', () => {
  it.each([
    [
      'a package imports a service',
      'packages/tenancy/src/probe.ts',
      "import { createSignerPool } from '@fe/signer';\nexport const p = createSignerPool;",
    ],
    [
      'a package reaches a service by path',
      'packages/tenancy/src/probe.ts',
      "import { createSignerPool } from '../../../services/signer/src/index.ts';\nexport const p = createSignerPool;",
    ],
    [
      'a package imports a composition root',
      'packages/platform/src/probe.ts',
      "import { startEmbedded } from '@fe/all-in-one';\nexport const s = startEmbedded;",
    ],
    [
      'a service imports another service',
      'services/ingress/src/probe.ts',
      "import { statusRoutes } from '@fe/projection';\nexport const r = statusRoutes;",
    ],
    [
      'a service imports a subpath of another',
      'services/dian-simulator/src/probe.ts',
      "import { packageDocument } from '@fe/submitter';\nexport const p = packageDocument;",
    ],
    ['a service re-exports another', 'services/ingress/src/probe.ts', "export { statusRoutes } from '@fe/projection';"],
    ['a service re-exports all of another', 'services/renderer/src/probe.ts', "export * from '@fe/signer';"],
    [
      'a service imports another lazily',
      'services/ingress/src/probe.ts',
      "export const load = () => import('@fe/projection');",
    ],
    [
      'a service reaches another by path',
      'services/submitter/src/probe.ts',
      "import { createSignerPool } from '../../signer/src/index.ts';\nexport const p = createSignerPool;",
    ],
    [
      'a service imports a composition root',
      'services/signer/src/probe.ts',
      "import { startEmbedded } from '@fe/all-in-one';\nexport const s = startEmbedded;",
    ],
    [
      'contracts import a package',
      'contracts/src/probe.ts',
      "import { systemClock } from '@fe/platform';\nexport const c = systemClock;",
    ],
    [
      'an example subscriber imports a package',
      'examples/ledger-subscriber/src/probe.ts',
      "import { systemClock } from '@fe/platform';\nexport const c = systemClock;",
    ],
    [
      "an example subscriber's test imports a service",
      'examples/ledger-subscriber/src/probe.int.test.ts',
      "import { createSignerPool } from '@fe/signer';\nexport const p = createSignerPool;",
    ],
    [
      "a service's test talks to the DIAN simulator (the all-in-one's tests do)",
      'services/submitter/test/probe.int.test.ts',
      "import { startDianSimulator } from '@fe/dian-simulator';\nexport const s = startDianSimulator;",
    ],
    [
      "the simulator's test imports the submitter",
      'services/dian-simulator/test/probe.int.test.ts',
      "import { createSubmitterService } from '@fe/submitter';\nexport const c = createSubmitterService;",
    ],
    [
      "a service's test reaches another service's test world by path",
      'services/renderer/src/on-invoice-verdict/probe.unit.test.ts',
      "import { requestedEvent } from '../../../signer/test-support/signing-world.ts';\nexport const r = requestedEvent;",
    ],
    [
      "a service's test support reaches another service's by path",
      'services/renderer/test-support/probe.ts',
      "import { makeWorld } from '../../signer/test-support/world.ts';\nexport const m = makeWorld;",
    ],
    [
      "a service's test imports another service",
      'services/submitter/test/probe.int.test.ts',
      "import { createSignerPool } from '@fe/signer';\nexport const p = createSignerPool;",
    ],
    // Every workspace import is declared in the importer's package.json, not merely linked by pnpm.
    [
      'a service imports a package its manifest does not declare',
      'services/ingress/src/probe.ts',
      "import { loadP12 } from '@fe/xades';\nexport const l = loadP12;",
    ],
    [
      'code that runs imports a package declared only for tests',
      'services/ingress/src/probe.ts',
      "import { KafkaEventBus } from '@fe/platform-kafka';\nexport const k = KafkaEventBus;",
    ],
    [
      'a test imports a package its manifest does not declare',
      'services/signer/test/probe.int.test.ts',
      "import { dedicatedBroker } from '@fe/platform-kafka/testing';\nexport const b = dedicatedBroker;",
    ],
    [
      'a composition root imports a workspace its manifest does not declare',
      'bench/probe.ts',
      "import { packageDocument } from '@fe/submitter';\nexport const p = packageDocument;",
    ],
    [
      "the all-in-one's running code imports its test-only dependency",
      'services/all-in-one/src/probe.ts',
      "import type { DedicatedBroker } from '@fe/platform-kafka/testing';\nexport type B = DedicatedBroker;",
    ],
    [
      'a script imports a workspace the root manifest does not declare',
      'scripts/probe.ts',
      "import { systemClock } from '@fe/platform';\nexport const c = systemClock;",
    ],
  ])('refuses: %s', async (_case, file, code) => {
    expect(await lint(file, code)).toEqual([RULE]);
  });

  it.each([
    [
      'a service imports contracts, packages and itself',
      'services/portal/src/probe.ts',
      "import { topics } from '@fe/contracts';\nimport { evolve } from '@fe/invoice-status';\nimport { loadP12 } from '@fe/xades';\nimport { createPortal } from './create-portal.ts';\nexport const all = [topics, evolve, loadP12, createPortal];",
    ],
    [
      'a test imports what its manifest declares for tests',
      'services/all-in-one/test/probe.e2e.test.ts',
      "import { dedicatedBroker } from '@fe/platform-kafka/testing';\nexport const b = dedicatedBroker;",
    ],
    [
      "a service's test imports shared test support from a package",
      'services/renderer/src/on-invoice-verdict/probe.unit.test.ts',
      "import { requestedEvent } from '@fe/reaction-world/testing';\nexport const r = requestedEvent;",
    ],
    [
      'a package imports itself by name',
      'packages/xades/test/probe.int.test.ts',
      "import { makeTestIdentity } from '@fe/xades/testing';\nexport const m = makeTestIdentity;",
    ],
    [
      'a package imports packages and contracts',
      'packages/tenancy/src/probe.ts',
      "import { topics } from '@fe/contracts';\nimport { loadP12 } from '@fe/xades';\nexport const all = [topics, loadP12];",
    ],
    [
      'the all-in-one wires services',
      'services/all-in-one/src/probe.ts',
      "import { createSignerPool } from '@fe/signer';\nexport const p = createSignerPool;",
    ],
    [
      'the CLI app wires services',
      'apps/cli/src/probe.ts',
      "import { renderInvoicePdf } from '@fe/renderer';\nexport const p = renderInvoicePdf;",
    ],
    [
      'an example subscriber imports contracts',
      'examples/ledger-subscriber/src/probe.ts',
      "import { topics } from '@fe/contracts';\nexport const t = topics;",
    ],
    [
      "an example subscriber's test drives the relay and the Kafka bus",
      'examples/ledger-subscriber/src/probe.int.test.ts',
      "import { startRelay } from '@fe/platform';\nexport const r = startRelay;",
    ],
    [
      'the bench wires services',
      'bench/probe.ts',
      "import { createSignerPool } from '@fe/signer';\nexport const p = createSignerPool;",
    ],
    [
      "the simulator's test drives it with our client",
      'services/dian-simulator/test/probe.int.test.ts',
      "import { packageDocument } from '@fe/dian-client';\nexport const p = packageDocument;",
    ],
  ])('allows: %s', async (_case, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

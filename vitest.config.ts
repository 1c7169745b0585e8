import { defineConfig } from 'vitest/config';

// Test names say what they cost (docs/architecture.md, convention 7):
//   *.unit.test.ts  pure, in-process, no external program
//   *.int.test.ts   real external programs and servers (xmllint, xmlsec1, Kafka, …)
//   *.e2e.test.ts   the whole service over HTTP on a real port (in-process, or a child process)
//   *.fault.test.ts the whole service under faults or hostile clients, for many minutes: `pnpm test:faults`
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contracts,packages,apps,services,bench,scripts,infra,examples}/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', '**/tmp/**'],
          // A timeout catches a hang, not slowness: the machines are shared and heavy tests run on worker threads.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['{contracts,packages,apps,services,bench,infra,examples}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/tmp/**'],
          // PostgreSQL, Kafka, the schema registry, S3 and the mail server on loopback (infra/up.sh), their
          // FE_TEST_* variables for the tests; stops at the end only what it started.
          globalSetup: ['infra/test-support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['{services,bench}/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**', '**/tmp/**'],
          // The mail server (GreenMail) for the buyer's reception mailbox, unless FE_TEST_IMAP_URL points at one.
          globalSetup: ['infra/test-support/mail-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One whole service at a time: they are CPU-heavy and the machine has two cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['services/**/*.fault.test.ts'],
          exclude: ['**/node_modules/**', '**/tmp/**'],
          testTimeout: 900_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

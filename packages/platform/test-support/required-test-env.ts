/**
 * A variable an integration test cannot run without (the FE_TEST_* the int project's globalSetup
 * sets from infra/env.sh): its value, or an error saying what is missing and where it comes from,
 * so the test fails clearly instead of skipping or passing without its server.
 *
 *   const brokers = requiredTestEnv('FE_TEST_KAFKA_BROKERS', 'a Kafka broker'); // '127.0.0.1:59092'
 */
export function requiredTestEnv(name: string, need = 'the integration servers'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: this test needs ${need}. Start the servers with the infra scripts (infra/up.sh, docs/platform.md) or export it.`);
  return value;
}

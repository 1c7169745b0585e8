/**
 * A variable an integration test cannot run without, or an error saying where it comes from, so the test fails
 * clearly instead of skipping or passing without its server.
 */
export function requiredTestEnv(name: string, need = 'the integration servers'): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: this test needs ${need}. Start the servers with the infra scripts (infra/up.sh, docs/platform.md) or export it.`,
    );
  return value;
}

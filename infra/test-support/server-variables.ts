// Which FE_TEST_* variables point the tests at which server (values: infra/env.sh).
// The first variable of each is its address: when it is set, the server is someone else's.
export const serverVariables = [
  { server: 'postgres', variables: ['FE_TEST_POSTGRES_URL'] },
  { server: 'kafka', variables: ['FE_TEST_KAFKA_BROKERS'] },
  { server: 'registry', variables: ['FE_TEST_SCHEMA_REGISTRY_URL'] },
  { server: 's3', variables: ['FE_TEST_S3_ENDPOINT', 'FE_TEST_S3_ACCESS_KEY', 'FE_TEST_S3_SECRET_KEY'] },
  {
    server: 'mail',
    variables: ['FE_TEST_IMAP_URL', 'FE_TEST_MAIL_SMTP_URL', 'FE_TEST_IMAP_USER', 'FE_TEST_IMAP_PASSWORD'],
  },
] as const;

export type ServerVariables = (typeof serverVariables)[number];

/** The servers whose address variable is unset: the ones infra/up.sh must start. */
export function serversToStart(env: Record<string, string | undefined>): ServerVariables[] {
  return serverVariables.filter(({ variables }) => !env[variables[0]]);
}

/** Reads `export NAME=value` lines, as `bash infra/env.sh` prints them. */
export function parseEnvLines(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^export ([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match?.[1] && match[2] !== undefined) values.set(match[1], match[2]);
  }
  return values;
}

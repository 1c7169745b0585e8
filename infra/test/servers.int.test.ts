// The test workers reach every server of the integration run through the FE_TEST_* variables that
// the int project's globalSetup (infra/test-support/global-setup.ts) hands them. Only programs the machine
// already has (psql, curl) and node's own modules: the client libraries belong to the adapters.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { API_CREATE_TOPICS, apiVersions, createTopic } from '../test-support/kafka-wire.ts';

const run = promisify(execFile);

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the int project (its globalSetup runs infra/up.sh) or export it yourself (docs/platform.md)`,
    );
  }
  return value;
}

describe('PostgreSQL at FE_TEST_POSTGRES_URL', () => {
  it('answers a query', async () => {
    const { stdout } = await run('psql', [required('FE_TEST_POSTGRES_URL'), '-XtAc', 'select 1 + 1']);
    expect(stdout.trim()).toBe('2');
  });
});

describe('Kafka at FE_TEST_KAFKA_BROKERS', () => {
  const broker = (): string => required('FE_TEST_KAFKA_BROKERS').split(',')[0] ?? '';

  it('serves CreateTopics v2', async () => {
    const { errorCode, apis } = await apiVersions(broker());
    expect(errorCode).toBe(0);
    const createTopics = apis.find((api) => api.apiKey === API_CREATE_TOPICS);
    expect(createTopics?.min).toBeLessThanOrEqual(2);
    expect(createTopics?.max).toBeGreaterThanOrEqual(2);
  });

  it('creates a topic, and refuses it the second time because it exists', async () => {
    const topic = `fe-infra-smoke-${randomUUID()}`;
    expect(await createTopic(broker(), topic)).toBe(0);
    expect(await createTopic(broker(), topic)).toBe(36); // TOPIC_ALREADY_EXISTS
  });
});

describe('Schema registry at FE_TEST_SCHEMA_REGISTRY_URL', () => {
  it('registers a schema under a subject and lists the subject', async () => {
    const url = required('FE_TEST_SCHEMA_REGISTRY_URL');
    const subject = `fe-infra-smoke-${randomUUID()}`;
    const registered = await fetch(`${url}/subjects/${subject}/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
      body: JSON.stringify({
        schema: JSON.stringify({ type: 'record', name: 'Smoke', fields: [{ name: 'id', type: 'string' }] }),
      }),
    });
    expect(registered.status).toBe(200);
    expect((await registered.json()) as { id: number }).toEqual({ id: expect.any(Number) });

    const subjects = await fetch(`${url}/subjects`);
    expect(subjects.status).toBe(200);
    expect((await subjects.json()) as string[]).toContain(subject);
  });
});

describe('S3 at FE_TEST_S3_ENDPOINT with FE_TEST_S3_ACCESS_KEY / FE_TEST_S3_SECRET_KEY', () => {
  // curl signs S3 requests itself (AWS SigV4), so no S3 client library is needed here. S3 wants the
  // payload's hash header; curl 7.88 signs it when given and leaves it out otherwise.
  async function s3(
    method: string,
    path: string,
    secret = required('FE_TEST_S3_SECRET_KEY'),
    body?: string,
  ): Promise<{ status: number; text: string }> {
    const args = [
      '-sS',
      '-X',
      method,
      '-w',
      '\n%{http_code}',
      '--aws-sigv4',
      'aws:amz:us-east-1:s3',
      '-H',
      'x-amz-content-sha256: UNSIGNED-PAYLOAD',
      '--user',
      `${required('FE_TEST_S3_ACCESS_KEY')}:${secret}`,
      `${required('FE_TEST_S3_ENDPOINT')}${path}`,
    ];
    if (body !== undefined) args.push('--data-binary', body);
    const { stdout } = await run('curl', args);
    const at = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(at + 1)), text: stdout.slice(0, at) };
  }

  it('refuses an unsigned request, as S3 does', async () => {
    const anonymous = await fetch(`${required('FE_TEST_S3_ENDPOINT')}/`);
    expect(anonymous.status).toBe(403);
  });

  it('stores and returns an object with the test keys, and refuses a wrong secret', async () => {
    const bucket = `fe-infra-smoke-${randomUUID().slice(0, 8)}`;
    expect((await s3('PUT', `/${bucket}`)).status).toBe(200);
    expect((await s3('PUT', `/${bucket}/hello.txt`, undefined, 'hola DIAN')).status).toBe(200);
    expect(await s3('GET', `/${bucket}/hello.txt`)).toEqual({ status: 200, text: 'hola DIAN' });
    expect((await s3('GET', `/${bucket}/hello.txt`, 'not-the-secret')).status).toBe(403);
  });
});

describe('Mail at FE_TEST_MAIL_SMTP_URL (in) and FE_TEST_IMAP_URL (out), user FE_TEST_IMAP_USER / FE_TEST_IMAP_PASSWORD', () => {
  // curl speaks SMTP and IMAP, so no mail library is needed here either.
  const imap = (path: string, user: string, password: string) =>
    run('curl', ['-sS', '--max-time', '10', '--user', `${user}:${password}`, `${required('FE_TEST_IMAP_URL')}${path}`]);

  it('takes a mail over SMTP for a new address and serves it over IMAP to that address', async () => {
    const address = `fe-infra-smoke-${randomUUID().slice(0, 8)}@fe.test`;
    const mail = ['From: smoke@fe.test', `To: ${address}`, 'Subject: hola DIAN', '', 'cuerpo', ''].join('\r\n');
    const sent = execFile('curl', [
      '-sS',
      '--max-time',
      '10',
      required('FE_TEST_MAIL_SMTP_URL'),
      '--mail-from',
      'smoke@fe.test',
      '--mail-rcpt',
      address,
      '-T',
      '-',
    ]);
    sent.stdin?.end(mail);
    await new Promise<void>((resolve, reject) =>
      sent.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`curl smtp exited ${code}`)))),
    );
    // GreenMail made the address a user, its password the address (infra/lib/mail.sh).
    const { stdout } = await imap('/INBOX;UID=1', address, address);
    expect(stdout).toContain('Subject: hola DIAN');
  });

  it('logs the fixed test user in, and refuses a wrong password', async () => {
    const user = required('FE_TEST_IMAP_USER');
    expect((await imap('/', user, required('FE_TEST_IMAP_PASSWORD'))).stdout).toContain('INBOX');
    await expect(imap('/', user, 'not-the-password')).rejects.toMatchObject({ code: 67 }); // curl: login denied
  });
});

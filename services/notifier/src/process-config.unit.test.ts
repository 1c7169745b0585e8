import { describe, expect, it } from 'vitest';
import { notifierProcessConfigFromEnv, notifierProcessConfigSchema } from './process-config.ts';

const base = {
  FE_POSTGRES_URL: 'postgres://fe@127.0.0.1:5432/fe',
  FE_KAFKA_BROKERS: '127.0.0.1:9092',
  FE_SCHEMA_REGISTRY_URL: 'http://127.0.0.1:8080/apis/ccompat/v7',
  FE_S3_ENDPOINT: 'http://127.0.0.1:9000',
  FE_S3_BUCKET: 'fe-blobs',
  FE_S3_ACCESS_KEY: 'k',
  FE_S3_SECRET_KEY: 's',
  FE_MASTER_KEY_FILE: '/run/secrets/k',
};

describe('the notifier process configuration', () => {
  it('no two schemas it merges name the same key (a later one would silently replace an earlier one)', () => {
    const names = Object.values(notifierProcessConfigSchema.shape).map(
      (f) => /^([A-Z][A-Z0-9_]*):/.exec(f.description ?? '')?.[1],
    );
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'FE_SMTP_URL',
        'FE_SMTP_USER',
        'FE_SMTP_PASSWORD',
        'FE_MAIL_FROM',
        'NOTIFIER_MAX_ATTEMPTS',
        'FE_MAIL_OUTBOX_DIR',
      ]),
    );
  });

  it('reads the SMTP keys and the DIAN endpoints GetAcquirer is asked at', () => {
    const config = notifierProcessConfigFromEnv({
      ...base,
      FE_SMTP_URL: 'smtps://mail.example.com',
      FE_SMTP_USER: 'u',
      FE_SMTP_PASSWORD: 'p',
      DIAN_ENDPOINT_HABILITACION: 'http://127.0.0.1:8081/WcfDianCustomerServices.svc',
    });
    expect(config).toMatchObject({
      url: 'smtps://mail.example.com',
      user: 'u',
      password: 'p',
      outboxDir: './data/outbox',
    });
    expect(config.dian.endpoints.habilitacion).toBe('http://127.0.0.1:8081/WcfDianCustomerServices.svc');
  });
});

import { describe, expect, it } from 'vitest';
import { dianEndpoints } from '@fe/dian-client';
import { portalProcessConfigFromEnv } from './process-config.ts';

const required = { FE_S3_ACCESS_KEY: 'k', FE_S3_SECRET_KEY: 's', FE_MASTER_KEY_FILE: '/run/secrets/fe-master.key' };

describe('the admin portal process configuration', () => {
  it('reads its address, the ingress it issues the test set through, the outbox and the portal keys with their defaults', () => {
    expect(portalProcessConfigFromEnv(required)).toMatchObject({
      host: '127.0.0.1',
      port: 8082,
      apiUrl: 'http://127.0.0.1:8080',
      portalOutboxDir: './data/outbox',
      postgresSchema: 'fe',
      bucket: 'fe-documents',
      portal: { secureCookies: true, loginFailuresBeforeLockout: 5, testSetDocuments: 8 },
    });
    expect(
      portalProcessConfigFromEnv({ ...required, FE_PORT: '61802', FE_PORTAL_API_URL: 'http://10.0.0.5:8080' }),
    ).toMatchObject({ port: 61802, apiUrl: 'http://10.0.0.5:8080' });
  });

  it("reads the DIAN endpoints GetNumberingRange is asked at under the submitter's variables, and names a bad DIAN key", () => {
    expect(portalProcessConfigFromEnv(required).dian.endpoints).toEqual({
      habilitacion: dianEndpoints.simulator,
      production: dianEndpoints.simulator,
    });
    const config = portalProcessConfigFromEnv({
      ...required,
      DIAN_ENDPOINT_HABILITACION: dianEndpoints.habilitacion,
      DIAN_ENDPOINT_PRODUCTION: dianEndpoints.production,
      DIAN_CA_FILE: '/run/config/dian-ca.pem',
    });
    expect(config.dian).toMatchObject({
      endpoints: { habilitacion: dianEndpoints.habilitacion, production: dianEndpoints.production },
      client: { caFile: '/run/config/dian-ca.pem' },
    });
    expect(
      portalProcessConfigFromEnv({ ...required, DIAN_ENDPOINT: 'https://example.test/svc' }).dian.endpoints.production,
    ).toBe('https://example.test/svc');
    expect(() => portalProcessConfigFromEnv({ ...required, DIAN_TIMEOUT_MS: 'soon' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', variables: ['DIAN_TIMEOUT_MS'] }),
    );
  });

  it('names the secrets that have no default, never their values', () => {
    expect(() => portalProcessConfigFromEnv({ FE_POSTGRES_URL: 'mysql://root:hunter2@db/x' })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        variables: ['FE_POSTGRES_URL', 'FE_S3_ACCESS_KEY', 'FE_S3_SECRET_KEY', 'FE_MASTER_KEY_FILE'],
        message: expect.not.stringContaining('hunter2'),
      }),
    );
  });

  it('names a bad port, a bad API URL, a bad base URL and a bad portal key by their variables', () => {
    for (const [name, value] of [
      ['FE_PORT', '70000'],
      ['FE_PORTAL_API_URL', 'not a url'],
      ['FE_BASE_URL', 'admin.example'],
      ['FE_PORTAL_LOGIN_FAILURES', '0'],
    ]) {
      expect(() => portalProcessConfigFromEnv({ ...required, [name!]: value }), name).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID', variables: [name] }),
      );
    }
  });
});

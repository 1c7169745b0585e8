// docker-compose.yml against what the mains read: each service container's environment names come
// from its process's zod schema (every variable named in a description, docs/architecture.md
// convention 6), so a schema change the compose file does not follow fails here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulatorProcessConfigSchema } from '@fe/dian-simulator/process-config';
import { inboxConfigSchema, ingressConfigSchema } from '@fe/ingress';
import { projectionProcessConfigSchema } from '@fe/projection/process-config';
import { relayProcessConfigSchema } from '@fe/relay';
import { rendererProcessConfigSchema } from '@fe/renderer/process-config';
import { notifierProcessConfigSchema } from '@fe/notifier/process-config';
import { signerProcessConfigSchema } from '@fe/signer/process-config';
import { dianEndpointsConfigSchema } from '@fe/dian-client';
import { submitterConfigSchema } from '@fe/submitter';
import { submitterProcessConfigSchema } from '@fe/submitter/process-config';
import { telemetryConfigSchema } from '@fe/telemetry';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { ingressProcessConfigSchema } from '@fe/ingress/process-config';
import { portalConfigSchema } from '@fe/portal';
import { portalProcessConfigSchema } from '@fe/portal/process-config';

const root = join(import.meta.dirname, '../../../..');

type ComposeService = {
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  secrets?: string[];
  image?: string;
  build?: unknown;
};
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  secrets: Record<string, unknown>;
};

/**
 * Each process container: its main and the schemas its main reads the environment with (every main's runMain reads the
 * telemetry's too).
 */
const processes: Record<string, { main: string; schemas: z.ZodType[] }> = Object.fromEntries(
  Object.entries({
    'ingress-1': {
      main: 'services/ingress/src/main.ts',
      schemas: [ingressProcessConfigSchema, ingressConfigSchema, inboxConfigSchema],
    },
    'ingress-2': {
      main: 'services/ingress/src/main.ts',
      schemas: [ingressProcessConfigSchema, ingressConfigSchema, inboxConfigSchema],
    },
    'signer-1': { main: 'services/signer/src/main.ts', schemas: [signerProcessConfigSchema] },
    'signer-2': { main: 'services/signer/src/main.ts', schemas: [signerProcessConfigSchema] },
    renderer: { main: 'services/renderer/src/main.ts', schemas: [rendererProcessConfigSchema] },
    submitter: {
      main: 'services/submitter/src/main.ts',
      schemas: [submitterProcessConfigSchema, submitterConfigSchema],
    },
    projection: { main: 'services/projection/src/main.ts', schemas: [projectionProcessConfigSchema] },
    relay: { main: 'services/relay/src/main.ts', schemas: [relayProcessConfigSchema] },
    'dian-simulator': { main: 'services/dian-simulator/src/main.ts', schemas: [simulatorProcessConfigSchema] },
    notifier: {
      main: 'services/notifier/src/main.ts',
      schemas: [notifierProcessConfigSchema, dianEndpointsConfigSchema],
    },
    portal: {
      main: 'services/portal/src/main.ts',
      schemas: [portalProcessConfigSchema, portalConfigSchema, dianEndpointsConfigSchema],
    },
  }).map(([name, { main, schemas }]) => [name, { main, schemas: [...schemas, telemetryConfigSchema] }]),
);
const infrastructure = ['postgres', 'kafka', 'registry', 's3', 'otel-collector'];

type Variable = { name: string; required: boolean };

/** The variables naming a secret file, and the compose secret each is mounted from. */
const secretFiles: Record<string, string> = {
  FE_MASTER_KEY_FILE: 'fe-master-key',
  FE_AUDIT_KEY_FILE: 'fe-audit-key',
  DIAN_TRUSTED_PEM: 'dian-trusted-pem',
  DIAN_SIMULATOR_IDENTITY_FILE: 'dian-simulator-identity',
};

/**
 * Every variable a schema reads, nested objects included; required when no wrapper on its path gives a default or makes
 * it optional.
 */
function variablesOf(schema: z.ZodType, optionalAbove = false): Variable[] {
  let node = schema;
  let name: string | undefined;
  let optional = optionalAbove;
  for (;;) {
    name ??= /^([A-Z][A-Z0-9_]*):/.exec(node.description ?? '')?.[1];
    const def = node._zod.def as { type: string; innerType?: z.ZodType };
    if (['optional', 'default', 'prefault'].includes(def.type)) optional = true;
    if (!def.innerType) break;
    node = def.innerType;
  }
  const shape = (node as { shape?: Record<string, z.ZodType> }).shape;
  if (shape) return Object.values(shape).flatMap((field) => variablesOf(field, optional));
  return name ? [{ name, required: !optional }] : [];
}

/**
 * What is wrong with one container's environment against its schemas: a required variable unset, a variable no schema
 * reads.
 */
function environmentFaults(environment: Record<string, string>, schemas: z.ZodType[]): string[] {
  const read = schemas.flatMap((schema) => variablesOf(schema));
  const names = new Set(read.map((v) => v.name));
  const set = Object.keys(environment);
  return [
    ...read.filter((v) => v.required && !set.includes(v.name)).map((v) => `${v.name}: required, not set`),
    ...set.filter((name) => !names.has(name)).map((name) => `${name}: read by no schema`),
  ];
}

describe('docker-compose.yml', () => {
  it('runs the infrastructure and every service process, two ingress and two signer instances, and the admin portal', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...infrastructure, ...Object.keys(processes)].sort());
  });

  it.each(Object.entries(processes))(
    '%s: runs its main from the one image, and its environment is what its schemas read',
    (name, { main, schemas }) => {
      const service = compose.services[name]!;
      expect(service.command).toEqual(['node', main]);
      expect(existsSync(join(root, main))).toBe(true);
      expect(service).toMatchObject({ image: expect.stringMatching(/^fe-colombia:/), build: '.' });
      expect(environmentFaults(service.environment ?? {}, schemas)).toEqual([]);
    },
  );

  it.each(Object.keys(processes))(
    '%s: its health check asks /readyz on its FE_HEALTH_PORT, after the servers it needs are healthy',
    (name) => {
      const service = compose.services[name]!;
      expect(service.healthcheck?.test.join(' ')).toContain(
        `http://127.0.0.1:${service.environment?.FE_HEALTH_PORT}/readyz`,
      );
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[dependency], dependency).toBeDefined();
        if (infrastructure.includes(dependency)) expect(condition).toBe('service_healthy');
      }
    },
  );

  it('publishes each ingress and the portal on its own host port, to the FE_PORT it listens on, on every interface of the container', () => {
    const published = ['ingress-1', 'ingress-2', 'portal'].map((name) => {
      const { environment, ports } = compose.services[name]!;
      expect(environment).toMatchObject({ FE_HOST: '0.0.0.0' });
      expect(ports).toHaveLength(1);
      const [host, container] = ports![0]!.split(/:(?=[^:]+$)/);
      expect(container).toBe(environment!.FE_PORT);
      return host;
    });
    expect(new Set(published).size).toBe(3);
  });

  it('starts the DIAN simulator only under the habilitacion-sim profile', () => {
    const withProfile = Object.entries(compose.services)
      .filter(([, service]) => service.profiles)
      .map(([name, service]) => [name, service.profiles]);
    expect(withProfile).toEqual([['dian-simulator', ['habilitacion-sim']]]);
  });

  it('writes no secret: the S3 keys and the PostgreSQL password are required substitutions, the master key a secret file', () => {
    const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    for (const name of ['FE_S3_ACCESS_KEY', 'FE_S3_SECRET_KEY', 'FE_POSTGRES_PASSWORD']) {
      for (const use of text.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))) expect(use[1], name).toMatch(/^:\?/);
    }
    for (const [name, service] of Object.entries(compose.services)) {
      const env = service.environment ?? {};
      if ('FE_MASTER_KEY_FILE' in env) expect(env.FE_MASTER_KEY_FILE, name).toBe('/run/secrets/fe-master-key');
    }
    expect(Object.keys(compose.secrets).sort()).toEqual(Object.values(secretFiles).sort());
  });

  it.each(Object.entries(processes))(
    '%s: receives exactly the secret files its schemas read, each at /run/secrets/<name>',
    (name, { schemas }) => {
      const { secrets = [], environment = {} } = compose.services[name]!;
      const read = new Set(schemas.flatMap((schema) => variablesOf(schema)).map((v) => v.name));
      const wanted = Object.entries(secretFiles).filter(([variable]) => read.has(variable));
      expect([...secrets].sort()).toEqual(wanted.map(([, secret]) => secret).sort());
      for (const [variable, secret] of wanted) expect(environment[variable], variable).toBe(`/run/secrets/${secret}`);
    },
  );

  it('knows every key or certificate file a schema reads, so a new one is given a secret here', () => {
    const all = Object.values(processes).flatMap(({ schemas }) => schemas.flatMap((schema) => variablesOf(schema)));
    const files = new Set(all.map((v) => v.name).filter((n) => /(KEY_FILE|TRUSTED_PEM|IDENTITY_FILE)$/.test(n)));
    expect([...files].sort()).toEqual(Object.keys(secretFiles).sort());
  });

  it('mounts the master key only into the processes that read tenants: not the projection, relay or renderer', () => {
    const holders = Object.entries(compose.services).filter(([, s]) => s.secrets?.includes('fe-master-key'));
    expect(holders.map(([name]) => name).sort()).toEqual(
      ['ingress-1', 'ingress-2', 'notifier', 'portal', 'signer-1', 'signer-2', 'submitter'].sort(),
    );
  });

  it('builds from a Dockerfile that copies only files of the repository, on Node 24', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM (\S+)/gm)).toEqual(['FROM node:24-bookworm-slim', 'FROM node:24-bookworm-slim']);
    expect(dockerfile).toContain('pnpm install --frozen-lockfile --prod');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((copy) => copy[1]!.split(' '));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(existsSync(join(root, source)), source).toBe(true);
  });

  it('finds a schema change the compose file does not follow: a new required variable, a variable no longer read', () => {
    const { environment } = compose.services.relay!;
    const grown = relayProcessConfigSchema.extend({ token: z.string().describe('RELAY_TOKEN: a new required key') });
    expect(environmentFaults(environment!, [grown, telemetryConfigSchema])).toEqual(['RELAY_TOKEN: required, not set']);
    const shrunk = relayProcessConfigSchema.omit({ kafkaBrokers: true });
    expect(environmentFaults(environment!, [shrunk, telemetryConfigSchema])).toEqual([
      'FE_KAFKA_BROKERS: read by no schema',
    ]);
  });

  it("reads nested schemas (the submitter's retry keys) and sees required variables the process schemas declare", () => {
    expect(variablesOf(submitterConfigSchema)).toContainEqual({ name: 'SUBMIT_MAX_ATTEMPTS', required: false });
    expect(
      variablesOf(signerProcessConfigSchema)
        .filter((v) => v.required)
        .map((v) => v.name)
        .sort(),
    ).toEqual(['FE_MASTER_KEY_FILE', 'FE_S3_ACCESS_KEY', 'FE_S3_SECRET_KEY']);
  });
});

import type { Envelope } from '@fe/contracts';
import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { TimeoutMiddleware } from 'mappersmith/middleware/timeout';
import { KafkaBusError } from '../errors.ts';
import type { EnvelopeCodec } from './envelope-codec.ts';
import {
  contractKey,
  DEFAULT_SUBJECT_NAMESPACE,
  jsonSchemaOf,
  subjectFor,
  type EventContracts,
} from './event-json-schemas.ts';

export type SchemaRegistryCodecOptions = {
  /** The registry's Confluent-compatible API, e.g. `http://127.0.0.1:8080/apis/ccompat/v7` (Apicurio Registry). */
  url: string;
  /** The zod envelope schema of every event this process may publish (contracts' `invoiceEventSchemas`). */
  contracts: EventContracts;
  /**
   * Subjects are `<namespace>.<Type>.v<version>` (event-json-schemas.ts). Default `co.fe-colombia`, so a subject is
   * its events' CloudEvents `ce_type`.
   */
  namespace?: string;
  /**
   * How long one registry request may take before it is abandoned and retried; without it a registry that never
   * answers would hold a publish for ever. Default 10 s.
   */
  requestTimeoutMs?: number;
  /** How many times a request that timed out, failed on the network or got a 5xx is tried again. Default 3. */
  retries?: number;
};

/**
 * Envelopes in the Confluent wire format, open JSON Schemas from the zod contracts, FORWARD_TRANSITIVE compatibility:
 * a reader of any earlier schema of a subject reads what is published now (docs/events.md, "Versioning").
 * `registerAll` at start makes an incompatible contract stop a deployment before it publishes.
 */
export class SchemaRegistryCodec implements EnvelopeCodec {
  private readonly registry: SchemaRegistry;
  private readonly contracts: EventContracts;
  private readonly namespace: string;
  private readonly ids = new Map<string, Promise<number>>();

  constructor(options: SchemaRegistryCodecOptions) {
    // Ajv's format checks off: zod writes a pattern beside every format it emits (event-json-schemas.ts).
    this.registry = new SchemaRegistry(
      // `as never`: mappersmith's ESM and CJS typings of one middleware differ; the object is the same.
      {
        host: options.url,
        retry: retryPolicy(options.retries ?? 3),
        middlewares: [TimeoutMiddleware(options.requestTimeoutMs ?? 10_000) as never],
      },
      { [SchemaType.JSON]: { validateFormats: false, strict: false } } as never,
    );
    this.contracts = options.contracts;
    this.namespace = options.namespace ?? DEFAULT_SUBJECT_NAMESPACE;
  }

  subjectOf(type: string, version: number): string {
    return subjectFor(this.namespace, type, version);
  }

  /** Registers every contract's schema (idempotent: the same schema keeps its id); returns the ids by subject. */
  async registerAll(): Promise<Record<string, number>> {
    const ids: Record<string, number> = {};
    for (const key of Object.keys(this.contracts)) {
      const [type, version] = splitKey(key);
      ids[this.subjectOf(type, version)] = await this.schemaId(type, version);
    }
    return ids;
  }

  /**
   * Registers `schema` as a subject's next version under FORWARD_TRANSITIVE compatibility; exposed so a test can
   * show an edited contract refused.
   */
  async register(subject: string, schema: string): Promise<number> {
    try {
      const { id } = await this.registry.register(
        { type: SchemaType.JSON, schema },
        { subject, compatibility: COMPATIBILITY.FORWARD_TRANSITIVE },
      );
      return id;
    } catch (error) {
      throw registryError(error, `registering ${subject}`);
    }
  }

  async encode(envelope: Envelope): Promise<Buffer> {
    const id = await this.schemaId(envelope.type, envelope.version);
    try {
      return await this.registry.encode(id, envelope);
    } catch (error) {
      throw registryError(error, `encoding ${envelope.type}.v${envelope.version} (event ${envelope.id})`);
    }
  }

  async decode(value: Buffer): Promise<Envelope> {
    if (value.length < 5 || value[0] !== 0) {
      throw new KafkaBusError(
        'MESSAGE_UNREADABLE',
        'the message is not in the Confluent wire format (magic byte 0, 4-byte schema id)',
        false,
      );
    }
    try {
      return (await this.registry.decode(value)) as Envelope;
    } catch (error) {
      throw registryError(error, `decoding a message with schema id ${value.readUInt32BE(1)}`);
    }
  }

  private schemaId(type: string, version: number): Promise<number> {
    const key = contractKey(type, version);
    let id = this.ids.get(key);
    if (!id) {
      const contract = this.contracts[key];
      if (!contract)
        return Promise.reject(
          new KafkaBusError('SCHEMA_NOT_IN_CATALOGUE', `no contract for ${key}: it cannot be published`, false),
        );
      const subject = this.subjectOf(type, version);
      id = this.register(subject, jsonSchemaOf(contract, subject));
      this.ids.set(key, id);
      id.catch(() => this.ids.delete(key)); // a failed registration is tried again on the next message
    }
    return id;
  }
}

/**
 * Registering and setting compatibility are idempotent, so every request is retried, timeouts included, where the
 * client by default retries only GETs that got a 5xx.
 */
function retryPolicy(retries: number) {
  return {
    retries,
    enableRetry: () => true,
    validateRetry: (response: { status(): number; error(): unknown }) =>
      response.status() >= 500 || isTimeout(response.error()),
  };
}

const isTimeout = (error: unknown): boolean => error instanceof Error && error.name === 'TimeoutError';

function splitKey(key: string): [string, number] {
  const match = /^(.+)\.v(\d+)$/.exec(key);
  if (!match) throw new KafkaBusError('SCHEMA_NOT_IN_CATALOGUE', `contract key ${key} is not <Type>.v<version>`, false);
  return [match[1]!, Number(match[2])];
}

/** The registry client's errors, in this package's catalogue; the registry's own message is kept as the cause. */
function registryError(error: unknown, doing: string): KafkaBusError {
  if (error instanceof KafkaBusError) return error;
  const status = (error as { status?: unknown }).status;
  const name = error instanceof Error ? error.name : '';
  if (name === 'ConfluentSchemaRegistryValidationError') {
    const paths = ((error as { paths?: unknown[] }).paths ?? []).map(String).join(', ');
    return new KafkaBusError(
      'MESSAGE_INVALID',
      `${doing}: the envelope does not match its schema at ${paths || 'the root'}`,
      false,
      { cause: error },
    );
  }
  if (status === 404)
    return new KafkaBusError('SCHEMA_UNKNOWN', `${doing}: the registry does not know this schema`, false, {
      cause: error,
    });
  if (status === 409 || status === 422)
    return new KafkaBusError(
      'SCHEMA_INCOMPATIBLE',
      `${doing}: the registry refused the schema (compatibility FORWARD_TRANSITIVE)`,
      false,
      { cause: error },
    );
  return new KafkaBusError('SCHEMA_REGISTRY_UNAVAILABLE', `${doing}: the schema registry did not answer`, true, {
    cause: error,
  });
}

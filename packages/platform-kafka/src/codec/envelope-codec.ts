import type { Envelope } from '@fe/contracts';

/**
 * How an envelope becomes a Kafka message value and back. The bus needs nothing else to know about
 * formats; `SchemaRegistryCodec` is the one the services use (Confluent wire format, registered
 * JSON Schemas).
 *
 *   const value = await codec.encode(envelope);     // Buffer: 0x00, schema id (4 bytes), JSON
 *   const again = await codec.decode(value);        // the same envelope, checked against its schema
 */
export interface EnvelopeCodec {
  encode(envelope: Envelope): Promise<Buffer>;
  decode(value: Buffer): Promise<Envelope>;
}

import type { Envelope } from '@fe/contracts';

/**
 * How an envelope becomes a Kafka message value and back, so the bus knows nothing of formats.
 */
export interface EnvelopeCodec {
  encode(envelope: Envelope): Promise<Buffer>;
  decode(value: Buffer): Promise<Envelope>;
}

import type { Envelope } from '@fe/contracts';
import type { EnvelopeCodec } from '../src/codec/envelope-codec.ts';

/**
 * Envelopes as plain JSON, for the tests about ordering and fencing that need no schema registry
 * (the registry codec has its own tests; the services always use it).
 */
export const plainJsonCodec: EnvelopeCodec = {
  encode: async (envelope: Envelope) => Buffer.from(JSON.stringify(envelope)),
  decode: async (value: Buffer) => JSON.parse(value.toString('utf8')) as Envelope,
};

// Just enough of Kafka's wire protocol (non-flexible request versions) for the smoke test to ask
// a broker which APIs it serves and to create a topic, with node:net only: the Kafka client library
// belongs to @fe/platform-kafka, not to infra/.
import { connect } from 'node:net';

const CLIENT_ID = 'fe-infra-smoke';
export const API_CREATE_TOPICS = 19;
const API_VERSIONS = 18;

/** Sends one request (header v1) to `host:port` and returns the response body after the correlation id. */
function kafkaRequest(broker: string, apiKey: number, apiVersion: number, body: Buffer): Promise<Buffer> {
  const [host, port] = splitBroker(broker);
  const correlationId = 7;
  const clientId = Buffer.from(CLIENT_ID);
  const header = Buffer.alloc(10);
  header.writeInt16BE(apiKey, 0);
  header.writeInt16BE(apiVersion, 2);
  header.writeInt32BE(correlationId, 4);
  header.writeInt16BE(clientId.length, 8);
  const payload = Buffer.concat([header, clientId, body]);
  const size = Buffer.alloc(4);
  size.writeInt32BE(payload.length);

  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer from Kafka at ${broker} within 10 s`)));
    socket.on('error', reject);
    socket.on('connect', () => socket.write(Buffer.concat([size, payload])));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4 || received.length < 4 + received.readInt32BE(0)) return;
      socket.end();
      if (received.readInt32BE(4) !== correlationId) {
        reject(new Error(`Kafka answered correlation id ${received.readInt32BE(4)}, sent ${correlationId}`));
        return;
      }
      resolve(received.subarray(8, 4 + received.readInt32BE(0)));
    });
  });
}

function splitBroker(broker: string): [string, number] {
  const at = broker.lastIndexOf(':');
  return [broker.slice(0, at), Number(broker.slice(at + 1))];
}

export interface ApiVersionRange {
  apiKey: number;
  min: number;
  max: number;
}

/** ApiVersions v0: the broker's error code and the version range of each API it serves. */
export async function apiVersions(broker: string): Promise<{ errorCode: number; apis: ApiVersionRange[] }> {
  const body = await kafkaRequest(broker, API_VERSIONS, 0, Buffer.alloc(0));
  const count = body.readInt32BE(2);
  const apis: ApiVersionRange[] = [];
  for (let i = 0, at = 6; i < count; i++, at += 6) {
    apis.push({ apiKey: body.readInt16BE(at), min: body.readInt16BE(at + 2), max: body.readInt16BE(at + 4) });
  }
  return { errorCode: body.readInt16BE(0), apis };
}

/**
 * CreateTopics v2 for one topic (1 partition, 1 replica): the topic's error code (0, or e.g. 36 TOPIC_ALREADY_EXISTS).
 */
export async function createTopic(broker: string, topic: string): Promise<number> {
  const name = Buffer.from(topic);
  const request = Buffer.alloc(4 + 2 + name.length + 4 + 2 + 4 + 4 + 4 + 1);
  let at = request.writeInt32BE(1, 0); // one topic
  at = request.writeInt16BE(name.length, at);
  at += name.copy(request, at);
  at = request.writeInt32BE(1, at); // partitions
  at = request.writeInt16BE(1, at); // replication factor
  at = request.writeInt32BE(0, at); // no manual assignment
  at = request.writeInt32BE(0, at); // no configs
  at = request.writeInt32BE(10_000, at); // timeout ms
  request.writeInt8(0, at); // validate only: no
  const body = await kafkaRequest(broker, API_CREATE_TOPICS, 2, request);
  // throttle_time_ms int32, [name string, error_code int16, error_message nullable string]
  const nameLength = body.readInt16BE(8);
  return body.readInt16BE(10 + nameLength);
}

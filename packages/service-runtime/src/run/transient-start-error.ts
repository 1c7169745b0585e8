// Whether a start failed because a server it needs is not ready yet (a broker electing leaders, PostgreSQL
// starting), which waiting cures, rather than a fault of this process (a wrong password, a missing file).

/** Node's network errors: the server is not listening yet, or dropped a connection while it starts. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** PostgreSQL's "the database system is starting up" and "too many connections". */
const POSTGRES_CODES = new Set(['57P03', '53300']);
/** kafkajs's own words for a broker connection it has not made yet, which it throws as a plain Error. */
const KAFKA_NOT_READY = /^Broker not connected$|timed out$/;

export function isTransientStartError(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error; e instanceof Error && !seen.has(e); e = e.cause) {
    seen.add(e);
    // kafkajs marks each error it would retry itself (a coordinator or leader moving, a request timing out).
    if ((e as { retriable?: unknown }).retriable === true) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code))) return true;
    if (KAFKA_NOT_READY.test(e.message)) return true;
  }
  return false;
}

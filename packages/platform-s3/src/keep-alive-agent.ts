import http from 'node:http';
import https from 'node:https';

/**
 * The store's own pool of kept-alive connections, so a warm service opens no connection per request whatever the
 * process's global agent is. Idle ones close after 5 s, before a server's idle timeout can race a request on them.
 */
export const keepAliveAgent = (useSsl: boolean): http.Agent =>
  new (useSsl ? https : http).Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

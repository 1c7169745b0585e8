// A server of its own process for unread-body.int.test.ts: refuses every request from its head alone (401, before a
// byte of the body is read), as the ingress refuses an anonymous POST; prints its port.
import Fastify from 'fastify';
import { closeOnUnreadBody } from './unread-body.ts';

const app = Fastify();
closeOnUnreadBody(app);
app.addHook('onRequest', async (_request, reply) => reply.code(401).send({ error: { code: 'UNAUTHENTICATED' } }));
app.post('/upload', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);

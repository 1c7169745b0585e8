// The embedded default's composition root: the only file of this service that reads process.env
// and builds adapters (architecture.md, "Ports, adapters, composition roots").
import { relative, resolve } from 'node:path';
import { createLogger, systemClock } from '@fe/platform';
import { embeddedConfigFromEnv } from './config.ts';
import { startEmbedded } from './start-embedded.ts';
import { welcomeText } from './welcome.ts';

const config = embeddedConfigFromEnv(process.env);
const root = createLogger({ level: config.logLevel }); // each service adds its own `service` (start-embedded.ts)
const logger = root.child({ service: 'all-in-one' });

try {
  const embedded = await startEmbedded(config, process.env, root, systemClock);
  const example = relative(process.env.INIT_CWD ?? process.cwd(), resolve(import.meta.dirname, '../../../examples/invoice-request.json'));
  process.stdout.write(welcomeText(embedded.url, embedded.demo.apiKey, embedded.demo.created, example || 'examples/invoice-request.json'));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await embedded.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  // A startup failure ends the process (architecture.md convention 5); the reason, never a secret.
  logger.error({ err: error }, 'the service could not start');
  process.exit(1);
}

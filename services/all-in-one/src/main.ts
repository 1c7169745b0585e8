// The embedded default's composition root: the only file of this service that reads process.env
// and builds adapters (docs/architecture.md, "Ports, adapters, composition roots").
import { relative, resolve } from 'node:path';
import { createLogger, systemClock } from '@fe/platform';
import { logProcessWarnings } from '@fe/service-runtime';
import { traceLogFields } from '@fe/telemetry';
import { embeddedConfigFromEnv } from './config.ts';
import { startEmbedded } from './start-embedded.ts';
import { welcomeText } from './welcome.ts';

// Owner-only for everything this process creates (the data folder holds customers' data and keys);
// each store also creates its files 0600 itself, so the embedded start in tests is just as strict.
process.umask(0o077);
const config = embeddedConfigFromEnv(process.env);
// each service adds its own `service` (start-embedded.ts); a line written in a span names it
const root = createLogger({ level: config.logLevel, mixin: traceLogFields });
const logger = root.child({ service: 'all-in-one' });
logProcessWarnings(logger);

try {
  const embedded = await startEmbedded(config, process.env, root, systemClock);
  const typedFrom = process.env.INIT_CWD ?? process.cwd();
  const example = relative(typedFrom, resolve(import.meta.dirname, '../../../examples/invoice-request.json'));
  process.stdout.write(
    welcomeText({
      url: embedded.url,
      examplePath: example || 'examples/invoice-request.json',
      // Absolute: a shell without this start's FE_DATA_DIR, or in another folder, reaches the same data.
      dataDir: resolve(config.dataDir),
      demo: embedded.demo,
      mail: embedded.mail,
      healthUrl: embedded.healthUrl,
    }),
  );
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
  // A startup failure ends the process (docs/architecture.md convention 5); the reason, never a secret.
  logger.error({ err: error }, 'the service could not start');
  process.exit(1);
}

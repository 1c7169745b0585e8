// The whole embedded service in the test process, on a real port, with its logs captured: what the
// e2e tests and the bench drive over HTTP. Each world has its own data folder, removed on close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, systemClock, type Clock } from '@fe/platform';
import { embeddedConfigFromEnv } from '../src/config.ts';
import { startEmbedded, type Embedded } from '../src/start-embedded.ts';
import { httpClient, type HttpClient } from './http-client.ts';

export { pollStatus, type HttpAnswer } from './http-client.ts';

export type World = HttpClient & {
  url: string;
  apiKey: string;
  dataDir: string;
  embedded: Embedded;
  /** Every log line the service wrote (JSON text). */
  logs: string[];
  /** Stops the service and keeps its data folder (to start again on it). */
  stop(): Promise<void>;
  close(): Promise<void>;
};

export const exampleRequest = {
  customer: {
    document_type: '31',
    document_number: '900108281',
    name: 'Cliente de Ejemplo S.A.S.',
    email: 'compras@cliente.example',
  },
  lines: [
    {
      code: 'SRV-001',
      name: 'Consultoría',
      quantity: 2,
      unit_price: 150000,
      taxes: [{ code: '01', name: 'IVA', rate: 19 }],
    },
    {
      code: 'ALM-002',
      name: 'Almuerzo',
      quantity: 3,
      unit_price: '25000.50',
      taxes: [{ code: '04', name: 'INC', rate: 8 }],
    },
  ],
  payment: { method_code: '10' },
};

/**
 * Starts the embedded service on port 0 under a fresh data folder or `options.dataDir`; `prepare` runs on the folder
 * first.
 */
export async function startWorld(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
  options: { dataDir?: string; clock?: Clock; radianToday?: () => string } = {},
): Promise<World> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'fe-e2e-'));
  await prepare?.(dataDir);
  const allEnv = {
    FE_DATA_DIR: dataDir,
    FE_PORT: '0',
    FE_RATE_LIMIT_PER_SECOND: '10000',
    FE_RATE_LIMIT_BURST: '10000',
    FE_WAIT_BUDGET_MS: '20000',
    SUBMIT_RETRY_BASE_MS: '200',
    SUBMIT_RETRY_MAX_MS: '1000',
    ...env,
  };
  const logs: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void logs.push(line) } });
  const embedded = await startEmbedded(
    embeddedConfigFromEnv(allEnv),
    allEnv,
    logger,
    options.clock ?? systemClock,
    options.radianToday ? { radianToday: options.radianToday } : {},
  );
  // Printed once, by the start that issued it; a restarted world reads it back as `pnpm fe api-key` does.
  const apiKey = embedded.demo.issuedApiKey ?? (await embedded.tenants.displayApiKey('demo'))!;

  return {
    url: embedded.url,
    apiKey,
    dataDir,
    embedded,
    logs,
    ...httpClient(embedded.url, apiKey),
    stop: () => embedded.close(),
    async close() {
      await embedded.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

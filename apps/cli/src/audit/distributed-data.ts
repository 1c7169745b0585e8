import { existsSync } from 'node:fs';
import { configFromEnv, type Env } from '@fe/platform';
import { createPostgresPool, PostgresAuditCheckpointStore, PostgresEventStore } from '@fe/platform-postgres';
import { S3BlobStore, s3BlobStoreConfigFromEnv } from '@fe/platform-s3';
import { PostgresStatusStore } from '@fe/invoice-status/postgres';
import { PostgresReceivedInvoiceIndex } from '@fe/received-invoices/postgres';
import { platformConfigSchema } from '@fe/service-runtime/distributed';
import { loadOrCreateMasterKey } from '@fe/tenancy';
import { PostgresTenantDirectory } from '@fe/tenancy/postgres';
import { z } from 'zod';
import type { AuditSources } from './embedded-data.ts';

const distributedAuditConfigSchema = platformConfigSchema
  .pick({
    postgresUrl: true,
    postgresSchema: true,
    eventStore: true,
    kurrentdbUrl: true,
    kurrentdbDeadlineMs: true,
  })
  .extend({
    masterKeyFile: z
      .string()
      .min(1)
      .optional()
      .describe(
        "FE_MASTER_KEY_FILE: the tenants' master key, for their trusted CAs and technical keys; unset: signatures and CUFEs are checked without them.",
      ),
  });

/**
 * The distributed shape's stores, from the variables its processes read. Nothing is migrated: an audit only reads.
 */
export async function openDistributedData(env: Env): Promise<AuditSources> {
  const config = configFromEnv(distributedAuditConfigSchema, env);
  const pool = createPostgresPool({ connectionString: config.postgresUrl, schema: config.postgresSchema, max: 4 });
  try {
    const blobs = await S3BlobStore.open(s3BlobStoreConfigFromEnv(env));
    // Read, never made here: a new key would open none of the sealed secrets.
    if (config.masterKeyFile && !existsSync(config.masterKeyFile))
      throw new Error(`FE_MASTER_KEY_FILE: no such file (${config.masterKeyFile})`);
    const tenants = config.masterKeyFile
      ? new PostgresTenantDirectory({ pool, masterKey: loadOrCreateMasterKey(config.masterKeyFile) })
      : undefined;
    const status = new PostgresStatusStore(pool);
    const received = new PostgresReceivedInvoiceIndex(pool);
    const store =
      config.eventStore === 'kurrentdb'
        ? (await import('@fe/platform-kurrentdb')).KurrentEventStore.connect(config.kurrentdbUrl, {
            deadlineMs: config.kurrentdbDeadlineMs,
          })
        : new PostgresEventStore(pool);
    return {
      // The relay signs checkpoints into PostgreSQL whichever store keeps the events.
      store,
      checkpoints: new PostgresAuditCheckpointStore(pool),
      blobs,
      tenants,
      liveStatus: () => status,
      liveReceived: () => received,
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
